import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PlacementSummary } from '../../../../contract/placement.ts';
import { PLACEMENT_PAGES } from '../../../../contract/placement-paths.ts';
import { formatIstDate } from '../../../../contract/time.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { lakh } from '../../../components/placement-figures.tsx';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';

export type PlacementRecordProps = { figures: LoaderLogic<PlacementSummary>; preloaded?: PlacementSummary };

const FAILED = 'Failed to load the placement figures. Please try again.';

/**
 * The placement record's figures (decision record 070): loaded (or server-rendered) from
 * GET /classroom/placement/summary/, never typed into a page. `children` draws what a page shows of them.
 */
export function PlacementRecord({
  figures,
  preloaded,
  children,
}: PlacementRecordProps & { children: (summary: PlacementSummary) => ReactNode }) {
  const [snapshot, send] = useLoaderMachine(figures, {}, preloaded);
  const summary = snapshot.context.data;
  return (
    <ListStatus
      loading={snapshot.matches('loading')}
      loadingText="Loading placement figures..."
      error={snapshot.matches('failed') ? FAILED : null}
      onRetry={() => send({ type: 'loader.reload' })}
      empty={false}
      emptyText=""
    >
      {summary ? children(summary) : null}
    </ListStatus>
  );
}

/** The tiles: placed of eligible, the median CTC, the employers; what they count and as of when. */
export function PlacementTiles({ summary }: { summary: PlacementSummary }) {
  const o = summary.overall;
  const years =
    summary.batches_from === null
      ? 'no batch has finished yet'
      : summary.batches_from === summary.batches_to
        ? `batches ending in ${summary.batches_from}`
        : `batches ending ${summary.batches_from}–${summary.batches_to}`;
  const tiles = [
    { value: `${o.placed} of ${o.eligible}`, label: 'Eligible students placed' },
    { value: o.median_ctc === null ? '—' : lakh(o.median_ctc), label: 'Median annual CTC' },
    { value: String(summary.partners.length), label: 'Employers with verified offers' },
  ];
  return (
    <>
      <ul className="stats" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {tiles.map((t) => (
          <li key={t.label} className="stat">
            <span className="value">{t.value}</span>
            <span className="label">{t.label}</span>
          </li>
        ))}
      </ul>
      <p className="meta">
        {o.placed} of {o.eligible} eligible students placed, {years}
        {o.median_ctc === null ? '' : `, median ${lakh(o.median_ctc)} a year`}; counted from offers verified with the
        employer or the offer letter{summary.as_of ? `, as of ${formatIstDate(summary.as_of)}` : ''}.{' '}
        <Link to={PLACEMENT_PAGES.methodology}>How we count</Link>
      </p>
    </>
  );
}

const SECTOR: Record<string, string> = {
  bank: 'Bank',
  nbfc: 'NBFC',
  rating_agency: 'Rating Agency',
  research: 'Research',
  other: 'Other',
};

/** Hiring partners: employers with at least one verified offer (or marked so, with a reason). */
export function RecordPartners({ summary }: { summary: PlacementSummary }) {
  return (
    <ul className="grid grid-small" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {summary.partners.map((partner) => (
        <li key={partner.name} className="card partner">
          <strong>{partner.name}</strong>
          <span className="badge badge-navy">{SECTOR[partner.sector] ?? partner.sector}</span>
        </li>
      ))}
    </ul>
  );
}
