import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { logoutIntent } from '../../lib/logout-intent.ts';
import { displayName, isAdmin, SessionContext, useIsAuthenticated, useSessionUser } from '../../lib/session.ts';
import { RoleBadge } from '../role-badge.tsx';
import { PriorityNav, type NavItem } from './priority-nav.tsx';

/** The header's links in order of priority: those that do not fit the row go behind More, last first. */
const LINKS: readonly NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.about, label: 'About' },
  { to: paths.programs, label: 'Programs' },
  { to: paths.faculty, label: 'Faculty' },
  { to: paths.workshops, label: 'Workshops' },
  { to: paths.placement, label: 'Placement' },
  { to: paths.resources, label: 'Resources' },
];
/** Instructors and administrators also have their batches (decision record 050); last, so first behind More. */
const TEACHING_LINKS: readonly NavItem[] = [...LINKS, { to: paths.teach, label: 'Teach' }];

/** The page chrome's top bar (spec section 2); `bell`, the notifications bell, shows to a signed-in user. */
export function Header({ bell }: { bell?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  const signedIn = useIsAuthenticated();
  const role = useSessionUser()?.profile.role;
  const teaches = signedIn && (role === 'instructor' || role === 'admin');
  if (menuPath !== location.pathname) {
    // Close the phone menu after a navigation.
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    // The logout has arrived home: a later visit to a guarded page is an ordinary visitor's (to /login).
    if (location.pathname === paths.home) logoutIntent.clear();
  }, [location.pathname]);
  return (
    <header className={`site-header${signedIn ? ' signed-in' : ''}`}>
      <div className="bar">
        <Link to={paths.home} className="brand">
          Credit Careers <span>Institute</span>
        </Link>
        <button
          type="button"
          className="btn btn-small nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? '✕ Close' : '☰ Menu'}
        </button>
        {/* One row at every width above the phone's: what does not fit is behind More (measured). */}
        <PriorityNav
          id="site-nav"
          label="Main"
          className={menuOpen ? 'open' : ''}
          items={teaches ? TEACHING_LINKS : LINKS}
          after={<AccountArea bell={bell} />}
        />
      </div>
    </header>
  );
}

function AccountArea({ bell }: { bell?: ReactNode }) {
  const authenticated = useIsAuthenticated();
  const user = useSessionUser();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  if (!authenticated) {
    return (
      <div className="nav-account">
        <Link to={paths.login} className="btn btn-outline btn-small">
          Login
        </Link>
        <Link to={paths.register} className="btn btn-gold btn-small">
          Apply Now
        </Link>
      </div>
    );
  }
  const admin = isAdmin(user);
  return (
    <div className="nav-account">
      {/* Its own chunk: nothing in its place until it is here (the row is measured again then). */}
      {bell ? <Suspense fallback={null}>{bell}</Suspense> : null}
      <Link to={admin ? paths.admin : paths.dashboard} className="nav-link">
        {admin ? 'Admin Panel' : 'Dashboard'}
      </Link>
      <span className="user-name">
        {/* The name opens the account page (profile, password, two-step verification, devices). */}
        <Link to={paths.account} className="user-name-text" title={`${displayName(user)}: your account`}>
          {displayName(user)}
        </Link>{' '}
        <RoleBadge role={user?.profile.role ?? 'student'} />
      </span>
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => {
          // Home first (spec: Logout ends on /), so a guarded page (/admin, /dashboard) never sees the
          // session end and sends the visitor to /login?next=... instead.
          logoutIntent.mark();
          navigate(paths.home);
          session.send({ type: 'session.logout' });
        }}
      >
        Logout
      </button>
    </div>
  );
}
