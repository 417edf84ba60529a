import { formatDate, plural } from '../../../utils/format.ts';
import { BATCH_MODE_LABELS, type Batch } from '../../../../contract/index.ts';

type Props = {
  batches: Batch[];
  chosen: number | null;
  error: string | null;
  disabled: boolean;
  onChoose: (batchId: number) => void;
};

/** The required choice of a batch: its dates (IST days), mode, place and seats left; a full one cannot be picked. */
export function BatchChoice({ batches, chosen, error, disabled, onChoose }: Props) {
  return (
    <fieldset className="group batch-choice" aria-describedby={error ? 'batch-error' : undefined}>
      <legend>Choose your batch</legend>
      {batches.map((batch) => {
        const full = batch.seats_left === 0;
        return (
          <label key={batch.id} className="check batch-option">
            <input
              type="radio"
              name="batch"
              value={batch.id}
              checked={chosen === batch.id}
              disabled={disabled || full}
              onChange={() => onChoose(batch.id)}
            />
            {batch.name}
            <span className="meta batch-meta">
              {formatDate(batch.starts_on)} – {formatDate(batch.ends_on)} · {BATCH_MODE_LABELS[batch.mode]}
              {batch.location ? ` · ${batch.location}` : ''} ·{' '}
              {full ? 'Full' : `${plural(batch.seats_left, 'seat')} left`}
            </span>
          </label>
        );
      })}
      {error ? (
        <p id="batch-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
