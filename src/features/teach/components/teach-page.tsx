import { Link } from 'react-router-dom';
import { Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import { formatDate, plural } from '../../../utils/format.ts';
import { BATCH_MODE_LABELS, type TeachBatchSummary } from '../../../../contract/index.ts';
import type { TeachMachines } from '../types.ts';
import { ForInstructors } from './for-instructors.tsx';
import { TeachNav } from './teach-nav.tsx';

const STATE_LABELS = { upcoming: 'Upcoming', running: 'Running', ended: 'Ended' } as const;

function BatchCard({ batch }: { batch: TeachBatchSummary }) {
  return (
    <li className="card teach-batch">
      <h2>
        <Link to={paths.teachBatch.to(batch.id)}>{batch.name}</Link>
      </h2>
      <p>{batch.program.title}</p>
      <p className="meta">
        <span className="badge badge-navy">{STATE_LABELS[batch.state]}</span> {formatDate(batch.starts_on)} –{' '}
        {formatDate(batch.ends_on)} · {BATCH_MODE_LABELS[batch.mode]}
        {batch.instructor ? ` · ${batch.instructor}` : ''}
      </p>
      <p className="meta">
        {plural(batch.students, 'student')} · {batch.sessions_held} of {plural(batch.sessions, 'session')} held
      </p>
    </li>
  );
}

/** /teach: the instructor's upcoming and running batches (an administrator's: every batch). */
export function TeachPage({ machines }: { machines: TeachMachines }) {
  const [snapshot, send] = useLoaderMachine(machines.batches, {});
  const { data, error } = snapshot.context;
  if (snapshot.matches('loading')) return <PageLoading text="Loading your batches..." />;
  if (data && !data.ok) return <ForInstructors message={data.message} />;
  return (
    <div className="container page">
      <TeachNav />
      <h1>Your batches</h1>
      {error ? (
        <>
          <Notice kind="error">{error}</Notice>
          <button type="button" className="btn" onClick={() => send({ type: 'loader.reload' })}>
            Try again
          </button>
        </>
      ) : null}
      {data?.ok && data.data.length === 0 ? <p>No upcoming or running batches.</p> : null}
      {data?.ok ? (
        <ul className="teach-batches">
          {data.data.map((batch) => (
            <BatchCard key={batch.id} batch={batch} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
