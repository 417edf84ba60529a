import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';

/** What a student (or another batch's instructor) sees: the server's refusal, in its words. */
export function ForInstructors({ message }: { message: string }) {
  return (
    <div className="container center-card card">
      <h1>For instructors</h1>
      <p role="alert">{message}</p>
      <Link to={paths.dashboard} className="btn btn-primary">
        Go to your dashboard
      </Link>
    </div>
  );
}
