import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { isAdmin, useIsAuthenticated, useSessionUser } from '../../../lib/session.ts';
import { BENEFITS, IMPACT, PARTNERS } from '../data.ts';
import { InfoCards, PartnerList, StatTiles } from './partner-list.tsx';

export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">From Classroom to Credit Markets</h1>
          <p>
            Job-ready programs for credit analysts, research analysts and NBFC professionals, taught by practitioners
            and backed by 100% placement assistance.
          </p>
          <HeroActions />
        </div>
      </section>
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

function HeroActions() {
  const authenticated = useIsAuthenticated();
  const user = useSessionUser();
  if (authenticated) {
    const admin = isAdmin(user);
    return (
      <div className="btn-row">
        <Link to={admin ? paths.admin : paths.dashboard} className="btn btn-gold">
          {admin ? 'Go to Admin Panel' : 'Go to Dashboard'}
        </Link>
      </div>
    );
  }
  return (
    <div className="btn-row">
      <Link to={paths.programs} className="btn btn-gold">
        Explore Programs
      </Link>
      <Link to={paths.login} className="btn btn-outline">
        Apply Now
      </Link>
      <Link to={paths.contact} className="btn btn-outline">
        Book Free Counseling
      </Link>
    </div>
  );
}
