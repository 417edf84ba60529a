import { formatPaise, type UserImpact } from '../../../../contract/index.ts';
import { formatDate } from '../../../utils/format.ts';

/**
 * What a destructive command touches, as its confirmation lists it (decisions 068, 077): the person's
 * active enrollments, and the instalments still due with what each would charge.
 */

export function ActiveEnrollments({ enrollments }: { enrollments: UserImpact['active_enrollments'] }) {
  return (
    <>
      <h3>Active enrollments</h3>
      {enrollments.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul aria-label="Active enrollments">
          {enrollments.map((e) => (
            <li key={e.id}>
              {e.title} ({e.course_type}
              {e.batch ? `, batch ${e.batch}` : ''}, {e.status})
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The unpaid instalments and their sum; `consequence` says what becomes of the money still owed. */
export function UnpaidInstalments({
  unpaid,
  totalPaise,
  consequence,
}: {
  unpaid: UserImpact['unpaid_instalments'];
  totalPaise: number;
  consequence: string;
}) {
  return (
    <>
      <h3>Unpaid instalments</h3>
      {unpaid.length === 0 ? (
        <p>None.</p>
      ) : (
        <>
          <ul aria-label="Unpaid instalments">
            {unpaid.map((i) => (
              <li key={i.id}>
                {i.title}: instalment {i.number} of {i.of}, {formatPaise(i.total_paise)}
                {i.overdue ? ', overdue since ' : ', due '}
                {formatDate(i.due_on)}
              </li>
            ))}
          </ul>
          <p>
            <strong>{formatPaise(totalPaise)}</strong> still owed {consequence}
          </p>
        </>
      )}
    </>
  );
}
