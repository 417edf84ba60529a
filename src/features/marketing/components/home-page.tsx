import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { isAdmin, useIsAuthenticated, useSessionUser } from '../../../lib/session.ts';
import type { ReactNode } from 'react';

/** The hero; `below` is the rest of the page (the app composes it: a deferred part with the placement figures). */
export function HomePage({ below }: { below: ReactNode }) {
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
      {below}
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
