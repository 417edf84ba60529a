import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { FormError, Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { formatDateTime } from '../../../utils/format.ts';
import {
  ERASED_ACCOUNT,
  isErasedEmail,
  SUBMISSION_STATE_LABELS,
  submissionState,
  titled,
  type Submission,
} from '../../../../contract/index.ts';
import { GRADING_TEXTS, rosterSubmission, type GradingLogic } from '../../../../machines/grading.machine.ts';

type Props = {
  logic: GradingLogic;
  assignmentId: string;
  onDownload: (submission: Submission) => void;
  batchAssignmentsPath: (batchId: number) => string;
};

/** /teach/assignments/{id}: every student of the batch with their submission, and the grade form. */
export function GradingPage({ logic, assignmentId, onDownload, batchAssignmentsPath }: Props) {
  const [snapshot, send] = useMachine(logic, { input: { assignmentId } });
  const { roster, submissionId, marks, feedback, error } = snapshot.context;
  useDocumentTitle(titled(roster ? `Grade: ${roster.assignment.title}` : 'Grade submissions'));
  if (snapshot.matches('loading')) return <PageLoading text="Loading the submissions..." />;
  if (!roster) {
    return (
      <div className="container page">
        <Notice kind="error">{error}</Notice>
        <button type="button" className="btn" onClick={() => send({ type: 'roster.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  const busy = snapshot.hasTag('busy');
  const open = rosterSubmission(roster, submissionId);
  const formOpen = ['grading', 'saving', 'refused'].some((s) => snapshot.matches(s as 'grading'));
  return (
    <div className="container page teach-assignments">
      <p>
        <Link to={batchAssignmentsPath(roster.batch.id)}>← Assignments of {roster.batch.name}</Link>
      </p>
      <h1>{roster.assignment.title}</h1>
      <p className="meta">
        Due {formatDateTime(roster.assignment.due_at)} · {roster.assignment.max_marks} marks
      </p>
      {snapshot.matches('saved') ? <Notice kind="success">{GRADING_TEXTS.saved}</Notice> : null}
      <table>
        <caption className="visually-hidden">Students and their submissions</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Submission</th>
            <th scope="col">State</th>
            <th scope="col">Marks</th>
          </tr>
        </thead>
        <tbody>
          {roster.students.map(({ student, submission }) => (
            <tr key={student.id}>
              <th scope="row">{isErasedEmail(student.email) ? ERASED_ACCOUNT : student.name}</th>
              <td>
                {submission ? (
                  <>
                    <span className="meta">{formatDateTime(submission.submitted_at)}</span>
                    {submission.text ? <p>{submission.text}</p> : null}
                    {submission.file_name ? (
                      <button type="button" className="link-button" onClick={() => onDownload(submission)}>
                        Download {submission.file_name}
                      </button>
                    ) : null}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                {!submission && isErasedEmail(student.email)
                  ? ERASED_ACCOUNT
                  : SUBMISSION_STATE_LABELS[submissionState(submission)]}
              </td>
              <td>
                {submission?.marks ?? ''}
                {submission ? (
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    aria-label={`${submission.marks === null ? 'Grade' : 'Regrade'} ${student.name}`}
                    onClick={() => send({ type: 'grade.open', submissionId: submission.id })}
                  >
                    {submission.marks === null ? 'Grade' : 'Regrade'}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {roster.students.length === 0 ? <p className="meta">No students in this batch yet.</p> : null}
      {formOpen && open ? (
        <form
          className="card form"
          aria-labelledby="grade-title"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'grade.save' });
          }}
        >
          <h2 id="grade-title">Grade {roster.students.find((s) => s.submission?.id === open.id)?.student.name}</h2>
          {error ? <FormError>{error}</FormError> : null}
          <label htmlFor="grade-marks">Marks (0 to {roster.assignment.max_marks})</label>
          <input
            id="grade-marks"
            inputMode="numeric"
            value={marks}
            disabled={busy}
            onChange={(event) => send({ type: 'marks.change', marks: event.target.value })}
          />
          <label htmlFor="grade-feedback">Feedback</label>
          <textarea
            id="grade-feedback"
            rows={4}
            value={feedback}
            disabled={busy || snapshot.matches('refused')}
            onChange={(event) => send({ type: 'feedback.change', feedback: event.target.value })}
          />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save grade'}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'grade.cancel' })}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
