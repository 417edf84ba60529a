import { formatPercent, type CertificateTest, type Course } from '../../../../contract/index.ts';
import { CertificateLink } from '../../../components/certificate-link.tsx';

type RuleState = 'met' | 'open' | 'uncounted';
const MARKS: Record<RuleState, string> = { met: '✓', open: '○', uncounted: '–' };
const SPOKEN: Record<RuleState, string> = { met: ' (met)', open: ' (not yet met)', uncounted: '' };

/** A test that is a certificate rule: passed (met), or what is still missing (decision record 071's addendum). */
function testRule(test: CertificateTest): { state: RuleState; text: string } {
  const name = `Test “${test.title}”`;
  if (test.state === 'passed') return { state: 'met', text: `${name}: passed` };
  if (test.state === 'not_taken')
    return { state: 'open', text: `${name}: not taken yet (${test.pass_percent}% to pass)` };
  if (test.state === 'result_pending') return { state: 'open', text: `${name}: taken, result not published yet` };
  return { state: 'open', text: `${name}: not passed yet (${test.pass_percent}% to pass)` };
}

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
  const { lessons, attendance, assignments, tests } = eligibility;
  // A rule with nothing to count yet (no class with attendance taken, no assignment set) is neither met nor
  // missed: it reads "not counted yet" (decision record 066), never ✓.
  const rules: { state: RuleState; text: string }[] = [
    { state: lessons.met ? 'met' : 'open', text: `Lessons complete: ${lessons.done} of ${lessons.total}` },
    attendance.held_sessions === 0
      ? {
          state: 'uncounted',
          text: `Attendance: not counted yet, no live class with attendance taken (${attendance.required}% needed)`,
        }
      : {
          state: attendance.met ? 'met' : 'open',
          text: `Attendance: ${formatPercent(attendance.percentage)}% (${attendance.required}% needed)`,
        },
    assignments.total === 0
      ? { state: 'uncounted', text: 'Assignments: not counted yet, none set' }
      : {
          state: assignments.met ? 'met' : 'open',
          text: assignments.met
            ? `Assignments: all ${assignments.total} graded at ${assignments.pass_percent}% or more`
            : `Assignments: each graded at ${assignments.pass_percent}% or more` +
              (assignments.not_graded.length ? `; not graded yet: ${assignments.not_graded.join(', ')}` : '') +
              (assignments.below_pass.length ? `; below the pass mark: ${assignments.below_pass.join(', ')}` : ''),
        },
    ...tests.map(testRule),
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
        {rules.map((rule, i) => (
          <li key={`${i}:${rule.text}`}>
            <span aria-hidden="true">{MARKS[rule.state]} </span>
            {rule.text}
            <span className="visually-hidden">{SPOKEN[rule.state]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
