import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { FormError, Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import type { AssignmentForm, AssignmentListLogic } from '../../../../machines/assignment-list.machine.ts';

type Props = { logic: AssignmentListLogic; batchId: string; assignmentPath: (id: number) => string };

const FIELDS: { field: keyof AssignmentForm; label: string; kind: 'text' | 'area' | 'datetime' | 'number' }[] = [
  { field: 'title', label: 'Title', kind: 'text' },
  { field: 'instructions', label: 'Instructions (Markdown)', kind: 'area' },
  { field: 'due', label: 'Due (India Standard Time)', kind: 'datetime' },
  { field: 'max_marks', label: 'Maximum marks', kind: 'number' },
];

/** /teach/batches/{id}/assignments: the batch's assignments with counts, and the create/edit/delete form. */
export function AssignmentListPage({ logic, batchId, assignmentPath }: Props) {
  const [snapshot, send] = useMachine(logic, { input: { batchId } });
  const { assignments, editingId, form, error } = snapshot.context;
  if (snapshot.matches('loading') && assignments.length === 0) return <PageLoading text="Loading assignments..." />;
  if (snapshot.matches('failed')) {
    return (
      <div className="container page">
        <Notice kind="error">{error}</Notice>
        <button type="button" className="btn" onClick={() => send({ type: 'list.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  const busy = snapshot.hasTag('busy');
  const formOpen = snapshot.matches('editing') || snapshot.matches('saving');
  return (
    <div className="container page teach-assignments">
      <h1>Assignments</h1>
      {error && !formOpen ? <FormError>{error}</FormError> : null}
      {!formOpen ? (
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => send({ type: 'assignment.new' })}
          >
            New assignment
          </button>
        </div>
      ) : null}
      {formOpen ? (
        <form
          className="card form"
          aria-labelledby="assignment-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'form.save' });
          }}
        >
          <h2 id="assignment-form-title">{editingId === null ? 'New assignment' : 'Edit assignment'}</h2>
          {error ? <FormError>{error}</FormError> : null}
          {FIELDS.map(({ field, label, kind }) => (
            <div key={field} className="field">
              <label htmlFor={`assignment-${field}`}>{label}</label>
              {kind === 'area' ? (
                <textarea
                  id={`assignment-${field}`}
                  rows={6}
                  value={form[field]}
                  disabled={busy}
                  onChange={(event) => send({ type: 'form.change', field, value: event.target.value })}
                />
              ) : (
                <input
                  id={`assignment-${field}`}
                  type={kind === 'datetime' ? 'datetime-local' : 'text'}
                  inputMode={kind === 'number' ? 'numeric' : undefined}
                  value={form[field]}
                  disabled={busy}
                  onChange={(event) => send({ type: 'form.change', field, value: event.target.value })}
                />
              )}
            </div>
          ))}
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'form.cancel' })}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <ul className="plain-list">
        {assignments.map((a) => (
          <li key={a.id} className="card">
            <h2>
              <Link to={assignmentPath(a.id)}>{a.title}</Link>
            </h2>
            <p className="meta">
              Due {formatDateTime(a.due_at)} · {a.max_marks} marks · {a.submitted} of {a.students} submitted ·{' '}
              {a.graded} graded
            </p>
            <div className="actions">
              <Link to={assignmentPath(a.id)}>Submissions and grades</Link>
              <button
                type="button"
                className="btn"
                disabled={busy || formOpen}
                aria-label={`Edit ${a.title}`}
                onClick={() => send({ type: 'assignment.edit', id: a.id })}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn"
                disabled={busy || formOpen}
                aria-label={`Delete ${a.title}`}
                onClick={() => send({ type: 'assignment.delete', id: a.id })}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {assignments.length === 0 ? <p className="meta">No assignments yet.</p> : null}
    </div>
  );
}
