import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  BATCH_MODE_LABELS,
  EnrollmentBatchInput,
  istToday,
  type Batch,
  type Enrollment,
} from '../../../../contract/index.ts';
import { Notice } from '../../../components/notice.tsx';
import { formatDate, fullName, plural } from '../../../utils/format.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import type { EditFormProps } from '../tabs/resource-types.ts';

/** Why a batch cannot be chosen (the dialog shows it disabled with the reason), or null. */
function batchUnavailable(batch: Batch, today = istToday()): string | null {
  if (batch.ends_on < today) return 'Ended';
  if (!batch.is_open) return 'Closed for enrollment';
  if (batch.seats_left === 0) return 'Full';
  return null;
}

const NONE_CHOSEN = 'Choose the batch to move this student to.';

/**
 * The Enrollments tab's "Move to another batch" dialog: the other batches of the enrollment's program,
 * loaded when it opens, with their dates, mode and seats left; an ended, closed or full one is shown but
 * cannot be chosen. The server decides (a batch may have filled meanwhile): its sentence shows under the choice.
 */
export function MoveBatchForm({ item, saving, serverErrors, onSubmit, onCancel, machines }: EditFormProps) {
  const enrollment = item as Enrollment;
  if (!machines?.batchesOf) return <Notice kind="error">Batches cannot be loaded here.</Notice>;
  return (
    <BatchList
      enrollment={enrollment}
      loader={machines.batchesOf}
      saving={saving}
      serverError={serverErrors.batch}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

type ListProps = {
  enrollment: Enrollment;
  loader: LoaderLogic<Batch[]>;
  saving: boolean;
  serverError: string | undefined;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
};

function BatchList({ enrollment, loader, saving, serverError, onSubmit, onCancel }: ListProps) {
  const [batches, sendBatches] = useMachine(loader, { input: { params: { course: enrollment.course } } });
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const others = (batches.context.data ?? []).filter((b) => b.id !== enrollment.batch?.id);
  const error = problem ?? serverError ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = EnrollmentBatchInput.safeParse({ batch: chosen });
    if (!checked.success) return setProblem(NONE_CHOSEN);
    setProblem(null);
    onSubmit(checked.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>
        {fullName(enrollment.student) || enrollment.student.username} is now in{' '}
        <strong>{enrollment.batch?.name ?? 'no batch'}</strong>
        {enrollment.batch
          ? ` (${formatDate(enrollment.batch.starts_on)} – ${formatDate(enrollment.batch.ends_on)})`
          : ''}{' '}
        of {enrollment.program?.title ?? 'this program'}.
      </p>
      {batches.matches('loading') ? (
        <p className="status-text" role="status">
          Loading the program’s batches...
        </p>
      ) : batches.matches('failed') ? (
        <Notice kind="error">
          {batches.context.error}{' '}
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => sendBatches({ type: 'loader.reload' })}
          >
            Try again
          </button>
        </Notice>
      ) : others.length === 0 ? (
        <p>This program has no other batch.</p>
      ) : (
        <fieldset className="group batch-choice" aria-describedby={error ? 'move-batch-error' : undefined}>
          <legend>Move to</legend>
          {others.map((batch) => {
            const reason = batchUnavailable(batch);
            return (
              <label key={batch.id} className="check batch-option">
                <input
                  type="radio"
                  name="batch"
                  value={batch.id}
                  checked={chosen === batch.id}
                  disabled={saving || reason !== null}
                  onChange={() => setChosen(batch.id)}
                />
                {batch.name}
                <span className="meta batch-meta">
                  {formatDate(batch.starts_on)} – {formatDate(batch.ends_on)} · {BATCH_MODE_LABELS[batch.mode]} ·{' '}
                  {plural(batch.seats_left, 'seat')} left{reason ? ` · ${reason}` : ''}
                </span>
              </label>
            );
          })}
          {error ? (
            <p id="move-batch-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
      )}
      <footer>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving || others.length === 0}>
          {saving ? 'Moving...' : 'Move'}
        </button>
      </footer>
    </form>
  );
}
