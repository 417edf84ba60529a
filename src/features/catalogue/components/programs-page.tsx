import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  CATEGORY_LABELS,
  LEVEL_LABELS,
  MESSAGES,
  TARGET_AUDIENCE_LABELS,
  type Enrollment,
  type Program,
} from '../../../../contract/index.ts';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { Notice } from '../../../components/notice.tsx';
import { enrolledIds } from '../api/catalogue-api.ts';
import { ChipGroup } from './chip-group.tsx';
import { ProgramCard } from './program-card.tsx';

type Filters = { level: string; category: string; target_audience: string; search: string };
const NO_FILTERS: Filters = { level: '', category: '', target_audience: '', search: '' };
const SEARCH_DELAY_MS = 300;

type Props = { list: ListLogic<Program>; enrollments: LoaderLogic<Enrollment[]> };

export function ProgramsPage({ list, enrollments }: Props) {
  // Both requests start at once: no waterfall between the programs and the enrolled set.
  const [snapshot, send, actor] = useMachine(list, { input: { failureText: MESSAGES.programsLoadFailed } });
  const [enrolledSnapshot] = useMachine(enrollments, { input: {} });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const flash = (useLocation().state as { flash?: string } | null)?.flash;

  useEffect(() => {
    const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
    if (JSON.stringify(params) === JSON.stringify(actor.getSnapshot().context.params)) return;
    // Chips apply at once; typing waits for a pause.
    const timer = setTimeout(() => send({ type: 'list.params', params }), filters.search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [filters, send, actor]);

  const enrolled = enrolledIds(enrolledSnapshot.context.data ?? [], 'program');
  const filtered = Object.values(filters).some((value) => value.trim() !== '');
  const programs = snapshot.context.items;
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <div className="container">
      <header className="page-header">
        <h1>Programs</h1>
        <p>Career programs in credit analysis, research and NBFC management, with 100% placement assistance.</p>
      </header>
      {flash ? <Notice kind="success">{flash}</Notice> : null}
      <section className="filters" aria-label="Filter programs">
        <div className="field search">
          <label htmlFor="program-search">Search programs</label>
          <input
            id="program-search"
            type="search"
            placeholder="Search by title or description"
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
      </section>
      <ListStatus
        loading={snapshot.matches('loading')}
        loadingText={MESSAGES.programsLoading}
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'list.retry' })}
        empty={programs.length === 0}
        emptyText={filtered ? MESSAGES.programsEmptyFiltered : MESSAGES.programsEmpty}
      >
        <div className="grid">
          {programs.map((program) => (
            <ProgramCard key={program.id} program={program} enrolled={enrolled.has(program.id)} />
          ))}
        </div>
      </ListStatus>
    </div>
  );
}
