import { BATCH_MODE_LABELS, type Batch } from '../../../../contract/index.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import { formatDate, plural } from '../../../utils/format.ts';

const FAILED = 'The batches could not be loaded. Refresh the page to try again.';

/** The program's open batches, soonest first: dates (IST days), mode, place and seats left. */
export function ProgramBatches({ loader, id }: { loader: LoaderLogic<Batch[]>; id: string }) {
  const [snapshot] = useLoaderMachine(loader, { params: { id }, failureText: FAILED });
  const batches = snapshot.context.data;
  if (snapshot.matches('failed')) return <p className="meta">{snapshot.context.error}</p>;
  if (!batches || batches.length === 0) return null;
  return (
    <section className="card" aria-labelledby="batches-title">
      <h2 id="batches-title">Upcoming batches</h2>
      <ul className="timetable">
        {batches.map((batch) => (
          <li key={batch.id}>
            <span>
              <strong>{batch.name}</strong>
              <span className="meta batch-meta">
                {formatDate(batch.starts_on)} – {formatDate(batch.ends_on)} · {BATCH_MODE_LABELS[batch.mode]}
                {batch.location ? ` · ${batch.location}` : ''}
              </span>
            </span>
            <span>{batch.seats_left === 0 ? 'Full' : `${plural(batch.seats_left, 'seat')} left`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
