import { BENEFITS, IMPACT } from '../data.ts';
import { InfoCards, StatTiles } from './partner-list.tsx';
import { PlacementRecord, PlacementTiles, RecordPartners, type PlacementRecordProps } from './placement-record.tsx';

/** The home page below its hero: why learn with us, the hiring partners, the impact (from the placement record). */
export function HomeSections(record: PlacementRecordProps) {
  return (
    <>
      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title">Why learn with us</h2>
          <p className="section-lead">Six reasons our students land credit roles faster.</p>
          <InfoCards items={BENEFITS} />
        </div>
      </section>
      <PlacementRecord {...record}>
        {(summary) => (
          <>
            <section className="section section-alt" aria-labelledby="partners-title">
              <div className="container">
                <h2 id="partners-title">Our hiring partners</h2>
                <p className="section-lead">
                  Banks, rating agencies and NBFCs that made our graduates verified offers.
                </p>
                <RecordPartners summary={summary} />
              </div>
            </section>
            <section className="section" aria-labelledby="impact-title">
              <div className="container">
                <h2 id="impact-title">Our impact</h2>
                <PlacementTiles summary={summary} />
                <StatTiles stats={IMPACT} />
              </div>
            </section>
          </>
        )}
      </PlacementRecord>
    </>
  );
}
