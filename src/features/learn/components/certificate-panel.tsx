import { formatPercent, type Course } from '../../../../contract/index.ts';
import { CertificateLink } from '../../../components/certificate-link.tsx';

/**
 * The course page's certificate (decision record 052): once issued, its number, the download and the public
 * verification page; before, each rule toward it and whether it is met.
 */
export function CertificatePanel({ course }: { course: Course }) {
  const { certificate, eligibility } = course;
  if (certificate) {
    return (
      <section className="card certificate-panel" aria-labelledby="certificate-title">
        <h2 id="certificate-title">Your certificate</h2>
        <p>Certificate number {certificate.number} is yours. Anyone can check it on its verification page.</p>
        <div className="actions">
          <CertificateLink certificate={certificate} />
          <a className="btn btn-link" href={certificate.url}>
            Verification page
          </a>
        </div>
      </section>
    );
  }
  if (!eligibility) return null;
  const { lessons, attendance, assignments } = eligibility;
  const rules = [
    { met: lessons.met, text: `Lessons complete: ${lessons.done} of ${lessons.total}` },
    {
      met: attendance.met,
      text:
        attendance.held_sessions === 0
          ? `Attendance: no live class held yet (${attendance.required}% needed)`
          : `Attendance: ${formatPercent(attendance.percentage)}% (${attendance.required}% needed)`,
    },
    {
      met: assignments.met,
      text:
        assignments.total === 0
          ? 'Assignments: none set'
          : assignments.met
            ? `Assignments: all ${assignments.total} graded at ${assignments.pass_percent}% or more`
            : `Assignments: each graded at ${assignments.pass_percent}% or more` +
              (assignments.not_graded.length ? `; not graded yet: ${assignments.not_graded.join(', ')}` : '') +
              (assignments.below_pass.length ? `; below the pass mark: ${assignments.below_pass.join(', ')}` : ''),
    },
  ];
  return (
    <section className="card certificate-panel" aria-labelledby="certificate-title">
      <h2 id="certificate-title">Certificate</h2>
      <p>
        {eligibility.eligible
          ? 'You meet every rule: your certificate is issued by your instructor, or when the batch ends.'
          : 'You get a certificate when you meet every rule below.'}
      </p>
      <ul className="certificate-rules">
        {rules.map((rule) => (
          <li key={rule.text}>
            <span aria-hidden="true">{rule.met ? '✓' : '○'} </span>
            {rule.text}
            <span className="visually-hidden">{rule.met ? ' (met)' : ' (not yet met)'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
