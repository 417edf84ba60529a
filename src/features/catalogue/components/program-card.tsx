import { Link } from 'react-router-dom';
import { CATEGORY_LABELS, LEVEL_LABELS, TARGET_AUDIENCE_LABELS, type Program } from '../../../../contract/index.ts';
import { paths } from '../../../config/paths.ts';
import { Badge } from '../../../components/badges.tsx';
import { ProgramPrice } from './program-price.tsx';
import type { PlacementSummary } from '../../../../contract/placement.ts';
import { ProgramPlacementLine } from '../../../components/placement-figures.tsx';
import { fullName, plural } from '../../../utils/format.ts';

/** What a card says of placement: the record's line, "loading", or that the figures could not be loaded. */
export type CardPlacement = PlacementSummary | 'failed' | undefined;

function PlacementFact({ program, placement }: { program: Program; placement: CardPlacement }) {
  if (placement === 'failed') return <dd>Figures unavailable right now</dd>;
  if (!placement) return <dd>Loading…</dd>;
  return (
    <dd>
      <ProgramPlacementLine figures={placement.programs.find((p) => p.program === program.id)} asOf={placement.as_of} />
    </dd>
  );
}

function ProgramCard({
  program,
  enrolled,
  placement,
}: {
  program: Program;
  enrolled: boolean;
  placement: CardPlacement;
}) {
  const instructor = fullName(program.instructor);
  return (
    <article className="card" aria-labelledby={`program-${program.id}`}>
      <div className="badges">
        {program.is_featured ? <Badge colour="gold">Featured</Badge> : null}
        {program.is_flagship ? <Badge colour="navy">Flagship</Badge> : null}
      </div>
      <h2 className="card-title" id={`program-${program.id}`}>
        <Link to={paths.program.to(program.id)}>{program.title}</Link>
      </h2>
      {program.subtitle ? <p className="subtitle">{program.subtitle}</p> : null}
      <p className="clamp-3">{program.description}</p>
      <dl className="facts">
        {instructor ? (
          <>
            <dt>Instructor</dt>
            <dd>{instructor}</dd>
          </>
        ) : null}
        <dt>Level</dt>
        <dd>{LEVEL_LABELS[program.level]}</dd>
        <dt>Category</dt>
        <dd>{CATEGORY_LABELS[program.category]}</dd>
        <dt>For</dt>
        <dd>{TARGET_AUDIENCE_LABELS[program.target_audience]}</dd>
        <dt>Duration</dt>
        <dd>{plural(program.duration_months, 'month')}</dd>
        <dt>Placement record</dt>
        <PlacementFact program={program} placement={placement} />
      </dl>
      <ProgramPrice program={program} />
      <div className="actions">
        {enrolled ? (
          <button type="button" className="btn" disabled>
            Enrolled
          </button>
        ) : (
          <Link to={paths.checkout.to('program', program.id)} className="btn btn-primary">
            Enroll Now
          </Link>
        )}
      </div>
    </article>
  );
}

/** The Programs page's cards. */
export function ProgramGrid({
  programs,
  enrolled,
  placement,
}: {
  programs: readonly Program[];
  enrolled: ReadonlySet<number>;
  placement: CardPlacement;
}) {
  return (
    <div className="grid">
      {programs.map((program) => (
        <ProgramCard key={program.id} program={program} enrolled={enrolled.has(program.id)} placement={placement} />
      ))}
    </div>
  );
}
