import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  CATEGORY_LABELS,
  LEVEL_LABELS,
  MESSAGES,
  TARGET_AUDIENCE_LABELS,
  type StudentEnrollment,
  type Program,
} from '../../../../contract/index.ts';
import { disclosureMachine } from '../../../../machines/disclosure.machine.ts';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { useListMachine, useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import type { PlacementSummary } from '../../../../contract/placement.ts';
import { Notice } from '../../../components/notice.tsx';
import { enrolledIds } from '../enrolled.ts';
import { ChipGroup } from './chip-group.tsx';
import { deferredPart } from '../../../lib/deferred-part.tsx';

/** The cards hydrate after the page (their own chunk): a long list is no long task on load. */
const ProgramGrid = deferredPart(
  async () => (await import('./program-card.tsx')).ProgramGrid,
  // The enrolled set is made anew on every render: the same ids are the same props.
  (before, after) =>
    before.programs === after.programs &&
    before.placement === after.placement &&
    before.enrolled.size === after.enrolled.size &&
    [...before.enrolled].every((id) => after.enrolled.has(id)),
);

type Filters = { level: string; category: string; target_audience: string; search: string };
const NO_FILTERS: Filters = { level: '', category: '', target_audience: '', search: '' };

type Props = {
  list: ListLogic<Program>;
  enrollments: LoaderLogic<StudentEnrollment[]>;
  preloaded?: Program[];
  /** The placement record's figures, each card's line (decision record 070). */
  placement: LoaderLogic<PlacementSummary>;
  preloadedPlacement?: PlacementSummary;
};

export function ProgramsPage({ list, enrollments, preloaded, placement, preloadedPlacement }: Props) {
  // Both requests start at once: no waterfall between the programs and the enrolled set.
  const [snapshot, send, actor] = useListMachine(list, { failureText: MESSAGES.programsLoadFailed }, preloaded);
  const [enrolledSnapshot] = useMachine(enrollments, { input: {} });
  const [placementSnapshot] = useLoaderMachine(placement, {}, preloadedPlacement);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [filtersSnapshot, sendFilters] = useMachine(disclosureMachine);
  const filtersOpen = filtersSnapshot.hasTag('open');
  const active = Object.values(filters).filter((value) => value.trim() !== '').length;
  const flash = (useLocation().state as { flash?: string } | null)?.flash;

  const enrolled = enrolledIds(enrolledSnapshot.context.data ?? [], 'program');
  const filtered = Object.values(filters).some((value) => value.trim() !== '');
  const programs = snapshot.context.items;
  const set = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    const params = Object.fromEntries(Object.entries(next).filter(([, value]) => value.trim() !== ''));
    if (JSON.stringify(params) === JSON.stringify(actor.getSnapshot().context.params)) return;
    // Chips apply at once; typing waits for a pause (the list machine's debouncing state).
    send({ type: next.search && 'search' in patch ? 'list.search' : 'list.params', params });
  };

  return (
    <div className="container">
      <header className="page-header">
        <h1>Programs</h1>
        <p>Career programs in credit analysis, research and NBFC management, with 100% placement assistance.</p>
      </header>
      {flash ? <Notice kind="success">{flash}</Notice> : null}
      <section className="program-filters" aria-label="Filter programs">
        {/* On a phone the filters wait behind this button, so the first screen shows programs. */}
        <button
          type="button"
          className="btn btn-outline filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="program-filters-body"
          onClick={() => sendFilters({ type: 'disclosure.toggle' })}
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </button>
        <div id="program-filters-body" className={`program-filters-body${filtersOpen ? ' open' : ''}`}>
          <div className="filter-row">
            <label htmlFor="program-search" className="filter-label">
              Search programs
            </label>
            <input
              id="program-search"
              type="search"
              placeholder="Title or description"
              value={filters.search}
              onChange={(e) => set({ search: e.target.value })}
            />
          </div>
          <ChipGroup
            legend="Level"
            labels={LEVEL_LABELS}
            selected={filters.level as never}
            onToggle={(level) => set({ level })}
          />
          <ChipGroup
            legend="Category"
            labels={CATEGORY_LABELS}
            selected={filters.category as never}
            onToggle={(category) => set({ category })}
          />
          <ChipGroup
            legend="Target audience"
            labels={TARGET_AUDIENCE_LABELS}
            selected={filters.target_audience as never}
            onToggle={(target_audience) => set({ target_audience })}
          />
        </div>
      </section>
      <ListStatus
        loading={snapshot.matches('loading')}
        loadingText={MESSAGES.programsLoading}
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'list.retry' })}
        empty={programs.length === 0}
        emptyText={filtered ? MESSAGES.programsEmptyFiltered : MESSAGES.programsEmpty}
      >
        <ProgramGrid
          programs={programs}
          enrolled={enrolled}
          placement={placementSnapshot.matches('failed') ? 'failed' : (placementSnapshot.context.data ?? undefined)}
        />
      </ListStatus>
    </div>
  );
}
