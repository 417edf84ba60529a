import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../contract/index.ts';
import { paths } from '../config/paths.ts';

export function NotFoundPage() {
  return (
    <div className="container center-card card">
      <h1>{MESSAGES.pageNotFound}</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to={paths.home} className="btn btn-primary">
        Go Home
      </Link>
    </div>
  );
}

/** Access Denied (spec section 6) with a Go Back button. */
export function AccessDenied({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="container center-card card">
      <h1>Access Denied</h1>
      <p role="alert">{message}</p>
      <div className="btn-row" style={{ justifyContent: 'center' }}>
        <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
          Go Back
        </button>
      </div>
    </div>
  );
}

/** The route error element: the spec's fallback page for an unhandled routing failure. */
export function RouteErrorPage() {
  return (
    <div className="container center-card card" role="alert">
      <h1>{MESSAGES.unexpectedError}</h1>
      <p>Something went wrong while showing this page.</p>
      <a href={paths.home} className="btn btn-primary">
        Go Home
      </a>
    </div>
  );
}
