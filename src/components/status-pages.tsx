import { Link } from 'react-router-dom';
import { MESSAGES } from '../../contract/index.ts';
import { paths } from '../config/paths.ts';
import { useBack } from '../lib/navigation.ts';

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
  // No page to go back to (a new tab): the home page.
  const back = useBack(paths.home);
  return (
    <div className="container center-card card">
      <h1>Access Denied</h1>
      <p role="alert">{message}</p>
      <div className="btn-row" style={{ justifyContent: 'center' }}>
        <button type="button" className="btn btn-primary" onClick={back}>
          Go Back
        </button>
      </div>
    </div>
  );
}
