import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormError, Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import type { AttendanceSheetLogic } from '../../../../machines/attendance-sheet.machine.ts';
import { ERASED_ACCOUNT, isErasedEmail } from '../../../../contract/index.ts';

type Props = { logic: AttendanceSheetLogic; sessionId: number; onSaved: () => void; onClose: () => void };

/** A session's attendance: a checkbox per student (ticked: present), Save, and the saved answer. */
export function AttendanceSheetPanel({ logic, sessionId, onSaved, onClose }: Props) {
  const [snapshot, send] = useMachine(logic, { input: { sessionId } });
  const { sheet, present, result, error } = snapshot.context;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [sessionId]);
  const saved = snapshot.matches('saved');
  useEffect(() => {
    if (saved) onSaved();
  }, [saved, onSaved]);
  const busy = snapshot.hasTag('busy');
  const editable = snapshot.matches('marking');
  return (
    <section className="card attendance-sheet" aria-labelledby="attendance-title">
      <h2 id="attendance-title" tabIndex={-1} ref={heading}>
        Attendance{sheet ? `: ${sheet.session.title}` : ''}
      </h2>
      {sheet ? <p className="meta">{formatDateTime(sheet.session.starts_at)}</p> : null}
      {snapshot.matches('loading') ? <PageLoading text="Loading the attendance sheet..." /> : null}
      {snapshot.matches('refused') ? (
        <>
          <FormError>{error}</FormError>
          <div className="actions">
            <button type="button" className="btn" onClick={() => send({ type: 'sheet.retry' })}>
              Try again
            </button>
          </div>
        </>
      ) : null}
      {saved && result ? (
        <Notice kind="success">
          Attendance saved: {result.present.length} present, {result.absent.length} absent.
        </Notice>
      ) : null}
      {sheet && !sheet.session.started ? (
        <p className="meta">This class has not started yet. Attendance can be taken from its start time.</p>
      ) : null}
      {sheet && sheet.students.length === 0 ? <p>No students in this batch.</p> : null}
      {sheet && sheet.students.length > 0 ? (
        <fieldset className="attendance-students" disabled={!editable}>
          <legend>Tick the students who were present; everyone else is marked absent.</legend>
          <ul>
            {sheet.students.map((student) => (
              <li key={student.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={present.includes(student.id)}
                    onChange={() => send({ type: 'student.toggle', studentId: student.id })}
                  />{' '}
                  {isErasedEmail(student.email) ? (
                    ERASED_ACCOUNT
                  ) : (
                    <>
                      {student.name} <span className="meta">({student.email})</span>
                    </>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div className="actions">
        {editable && sheet && sheet.students.length > 0 ? (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || !sheet.session.started}
              onClick={() => send({ type: 'sheet.save' })}
            >
              Save attendance
            </button>
            <button type="button" className="btn" onClick={() => send({ type: 'sheet.allPresent' })}>
              Everyone present
            </button>
          </>
        ) : null}
        {snapshot.matches('saving') ? <span role="status">Saving...</span> : null}
        {saved ? (
          <button type="button" className="btn" onClick={() => send({ type: 'sheet.edit' })}>
            Correct the attendance
          </button>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
