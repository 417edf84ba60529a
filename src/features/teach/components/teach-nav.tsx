import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';

/** The instructor area's own navigation: the batches and the question bank. */
export function TeachNav() {
  return (
    <nav className="teach-nav" aria-label="Instructor area">
      <NavLink to={paths.teach} end>
        Your batches
      </NavLink>
      <NavLink to={paths.teachQuestions}>Question bank</NavLink>
      <NavLink to={paths.teachTests}>Tests</NavLink>
    </nav>
  );
}
