import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { FormError } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import {
  SUBMISSION_ACCEPT,
  SUBMISSION_FILE_KINDS,
  SUBMISSION_STATE_LABELS,
  submissionState,
  type CourseAssignment,
  type Submission,
} from '../../../../contract/index.ts';
import type { AssignmentSubmissionLogic } from '../../../../machines/assignment-submission.machine.ts';

export type DownloadSubmission = (submission: Submission) => void;
type CardProps = { assignment: CourseAssignment; logic: AssignmentSubmissionLogic; onDownload: DownloadSubmission };

/** One assignment: due date (IST), state, the submit/resubmit form, marks and feedback once graded. */
function AssignmentCard({ assignment, logic, onDownload }: CardProps) {
  const [snapshot, send] = useMachine(logic, { input: { assignment } });
  const { submission, text, file, error } = snapshot.context;
  const id = useId();
  const state = submissionState(submission);
  const editing = snapshot.matches('draft') || snapshot.matches('refused') || snapshot.matches('uploading');
  const busy = snapshot.hasTag('busy');
  return (
    <article className="card assignment" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{assignment.title}</h3>
      <p className="meta">
        Due {formatDateTime(assignment.due_at)} · {assignment.max_marks} marks ·{' '}
        <strong>{SUBMISSION_STATE_LABELS[state]}</strong>
      </p>
      <div className="lesson-body" dangerouslySetInnerHTML={{ __html: assignment.instructions_html }} />
      {submission ? (
        <div className="submission" role="status">
          <p className="meta">
            {submission.is_late ? 'Submitted late' : 'Submitted'} {formatDateTime(submission.submitted_at)}
            {submission.file_name ? ' · ' : ''}
            {submission.file_name ? (
              <button type="button" className="link-button" onClick={() => onDownload(submission)}>
                {submission.file_name}
              </button>
            ) : null}
          </p>
          {submission.marks !== null ? (
            <>
              <p>
                <strong>
                  Marks: {submission.marks} / {assignment.max_marks}
                </strong>
              </p>
              {submission.feedback ? <p className="feedback">Feedback: {submission.feedback}</p> : null}
            </>
          ) : null}
        </div>
      ) : null}
      {error ? <FormError>{error}</FormError> : null}
      {editing ? (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'submit' });
          }}
        >
          <label htmlFor={`${id}-text`}>Your answer</label>
          <textarea
            id={`${id}-text`}
            rows={5}
            value={text}
            disabled={busy}
            onChange={(event) => send({ type: 'text.change', text: event.target.value })}
          />
          <label htmlFor={`${id}-file`}>File (optional)</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={SUBMISSION_ACCEPT}
            disabled={busy}
            aria-describedby={`${id}-kinds`}
            onChange={(event) => send({ type: 'file.choose', file: event.target.files?.[0] ?? null })}
          />
          <p id={`${id}-kinds`} className="meta">
            {SUBMISSION_FILE_KINDS}.{file ? ` Chosen: ${file.name}.` : ''}
          </p>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Sending...' : submission ? 'Send again' : 'Submit'}
            </button>
            {submission ? (
              <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'cancel' })}>
                Cancel
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {snapshot.matches('submitted') || snapshot.matches('late') ? (
        <div className="actions">
          <button type="button" className="btn" onClick={() => send({ type: 'resubmit' })}>
            Resubmit
          </button>
        </div>
      ) : null}
    </article>
  );
}

type Props = { assignments: CourseAssignment[]; logic: AssignmentSubmissionLogic; onDownload: DownloadSubmission };

/** The course page's Assignments section: one machine per assignment. */
export function AssignmentsPanel({ assignments, logic, onDownload }: Props) {
  if (assignments.length === 0) return null;
  return (
    <section className="assignments" aria-labelledby="assignments-title">
      <h2 id="assignments-title">Assignments</h2>
      {assignments.map((assignment) => (
        <AssignmentCard key={assignment.id} assignment={assignment} logic={logic} onDownload={onDownload} />
      ))}
    </section>
  );
}
