import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';

/** The sign-in pages' card: the brand (a link home), the page's heading, then the page's own content. */
export function AuthCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card" aria-labelledby={id}>
        <Link to={paths.home} className="brand">
          Credit Careers Institute
        </Link>
        <h1 id={id}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
