import { Link } from 'react-router-dom';
import {
  CATEGORY_LABELS,
  LEVEL_LABELS,
  MESSAGES,
  TARGET_AUDIENCE_LABELS,
  titled,
  type Batch,
  type Program,
} from '../../../../contract/index.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { paths } from '../../../config/paths.ts';
import { Badge } from '../../../components/badges.tsx';
import { ProgramBatches } from './program-batches.tsx';
import { ProgramPrice } from './program-price.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import { fullName, plural } from '../../../utils/format.ts';

type Props = {
  loader: LoaderLogic<Program>;
  /** The program's open batches (GET /classroom/programs/{id}/batches/); without it none are listed. */
  batchesLoader?: LoaderLogic<Batch[]>;
  id: string;
  preloaded?: Program;
};

/** A program's own page (shareable URL): the full description, the instructor and Enroll Now. */
export function ProgramDetailPage({ loader, batchesLoader, id, preloaded }: Props) {
  const [snapshot, send] = useLoaderMachine(
    loader,
    { params: { id }, failureText: MESSAGES.programsLoadFailed },
    preloaded,
  );
  const program = snapshot.context.data;
  useDocumentTitle(program ? titled(program.title) : titled('Program'));
  if (snapshot.matches('failed') || (snapshot.matches('loaded') && !program)) {
    return (
      <div className="container">
        <Notice kind="error">
          {snapshot.context.error}{' '}
          <button type="button" className="btn btn-outline btn-small" onClick={() => send({ type: 'loader.reload' })}>
            Try again
          </button>
        </Notice>
        <Link to={paths.programs}>Back to Programs</Link>
      </div>
    );
  }
  if (!program) {
    return (
      <div className="container">
        <PageLoading text="Loading program..." />
      </div>
    );
  }
  const instructor = fullName(program.instructor);
  return (
    <article className="container program-detail" aria-labelledby="program-title">
      <header className="page-header">
        <p>
          <Link to={paths.programs}>Programs</Link>
        </p>
        <div className="badges">
          {program.is_featured ? <Badge colour="gold">Featured</Badge> : null}
          {program.is_flagship ? <Badge colour="navy">Flagship</Badge> : null}
        </div>
        <h1 id="program-title">{program.title}</h1>
        {program.subtitle ? <p className="subtitle">{program.subtitle}</p> : null}
      </header>
      <div className="card">
        <p className="program-description">{program.description}</p>
        <dl className="facts">
          <dt>Instructor</dt>
          <dd>{instructor || 'To be announced'}</dd>
          <dt>Level</dt>
          <dd>{LEVEL_LABELS[program.level]}</dd>
          <dt>Category</dt>
          <dd>{CATEGORY_LABELS[program.category]}</dd>
          <dt>For</dt>
          <dd>{TARGET_AUDIENCE_LABELS[program.target_audience]}</dd>
          <dt>Duration</dt>
          <dd>{plural(program.duration_months, 'month')}</dd>
        </dl>
        <ProgramPrice program={program} />
        <div className="actions">
          <Link to={paths.checkout.to('program', program.id)} className="btn btn-primary">
            Enroll Now
          </Link>
        </div>
      </div>
      {batchesLoader ? <ProgramBatches loader={batchesLoader} id={id} /> : null}
    </article>
  );
}
