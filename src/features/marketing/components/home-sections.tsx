import { BENEFITS, IMPACT, PARTNERS } from '../data.ts';
import { InfoCards, PartnerList, StatTiles } from './partner-list.tsx';

/** The home page below its hero: why learn with us, the hiring partners, the impact. */
export function HomeSections() {
  return (
    <>
      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title">Why learn with us</h2>
          <p className="section-lead">Six reasons our students land credit roles faster.</p>
          <InfoCards items={BENEFITS} />
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="partners-title">
        <div className="container">
          <h2 id="partners-title">Our hiring partners</h2>
          <p className="section-lead">Banks, rating agencies and NBFCs that hire our graduates.</p>
          <PartnerList partners={PARTNERS} />
        </div>
      </section>
      <section className="section" aria-labelledby="impact-title">
        <div className="container">
          <h2 id="impact-title">Our impact</h2>
          <StatTiles stats={IMPACT} />
        </div>
      </section>
    </>
  );
}
