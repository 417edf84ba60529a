import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import type { AdminSummary } from '../api/admin-api.ts';
import { formatPaiseCompact, rupeesToPaise } from '../../../../contract/index.ts';

/** Stat tiles (revenue in rupees, docs/deviations.md) and the issue summary. */
export function AdminStatsView({ summary }: { summary: AdminSummary }) {
  const { stats, issues } = summary;
  const tiles: { label: string; value: string; note?: string }[] = [
    { label: 'Total Students', value: String(stats.total_students) },
    { label: 'Total Programs', value: String(stats.total_programs) },
    { label: 'Total Faculty', value: String(stats.total_faculty) },
    { label: 'Total Workshops', value: String(stats.total_workshops) },
    {
      label: 'Total Revenue',
      value: formatPaiseCompact(rupeesToPaise(stats.total_revenue)),
      note: 'net of discounts and refunds',
    },
  ];
  return (
    <>
      <ul className="stats" aria-label="Statistics" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {tiles.map((tile) => (
          <li key={tile.label} className="stat">
            <span className="value">{tile.value}</span>
            <span className="label">{tile.label}</span>
            {tile.note && <span className="note">{tile.note}</span>}
          </li>
        ))}
      </ul>
      <section className="issue-summary" aria-label="Issue summary">
        <strong>
          <span aria-hidden="true">⚠ </span>Issues: {issues.total_issues}
        </strong>
        <Link to={`${paths.admin}?tab=payments&status=failed`}>Failed payments: {issues.failed_payments}</Link>
        <Link to={`${paths.admin}?tab=enrollments&status=pending`}>
          Pending enrollments: {issues.pending_enrollments}
        </Link>
      </section>
    </>
  );
}
