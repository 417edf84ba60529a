import { UNEXPECTED_ERROR } from '../../contract/unexpected-error.ts';
import { paths } from '../config/paths.ts';

/** The route error element (in the page chrome's chunk; the other status pages load with their routes): the spec's fallback page for an unhandled routing failure. */
export function RouteErrorPage() {
  return (
    <div className="container center-card card" role="alert">
      <h1>{UNEXPECTED_ERROR}</h1>
      <p>Something went wrong while showing this page.</p>
      <a href={paths.home} className="btn btn-primary">
        Go Home
      </a>
    </div>
  );
}
