import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { isAdmin, useIsAuthenticated, useSessionUser } from '../../../lib/session.ts';
import { deferredPart } from '../../../lib/deferred-part.tsx';
import type { PlacementRecordProps } from './placement-record.tsx';

/** Below the fold: rendered by the server, hydrated after the hero (its own chunk). */
const HomeSections = deferredPart(async () => (await import('./home-sections.tsx')).HomeSections);

export function HomePage(record: PlacementRecordProps) {
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
      <HomeSections {...record} />
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
