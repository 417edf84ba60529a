import { MESSAGES, type Workshop } from '../../../../contract/index.ts';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { useListMachine } from '../../../lib/use-preloaded-machine.ts';
import type { WorkshopTab } from '../api/catalogue-api.ts';
import { deferredPart } from '../../../lib/deferred-part.tsx';

/** The cards hydrate after the page (their own chunk): a long list is no long task on load. */
const WorkshopGrid = deferredPart(async () => (await import('./workshop-card.tsx')).WorkshopGrid);

const TABS: { key: WorkshopTab; label: string; empty: string }[] = [
  { key: 'upcoming', label: 'Upcoming', empty: MESSAGES.workshopsEmptyUpcoming },
  { key: 'past', label: 'Past Events', empty: MESSAGES.workshopsEmptyPast },
  { key: 'free', label: 'Free Workshops', empty: MESSAGES.workshopsEmptyFree },
];

/** `preloaded`: the upcoming workshops, server-rendered. */
export function WorkshopsPage({ list, preloaded }: { list: ListLogic<Workshop>; preloaded?: Workshop[] }) {
  const [snapshot, send] = useListMachine(
    list,
    { params: { tab: 'upcoming' }, failureText: MESSAGES.workshopsLoadFailed },
    preloaded,
  );
  // The selected tab is the list's own parameter: one source of truth.
  const tab = (snapshot.context.params.tab ?? 'upcoming') as WorkshopTab;
  const current = TABS.find((t) => t.key === tab) ?? TABS[0]!;
  const workshops = snapshot.context.items;

  function select(next: WorkshopTab) {
    // Each tab loads what it shows (docs/deviations.md).
    send({ type: 'list.params', params: { tab: next } });
  }

  return (
    <div className="container">
      <header className="page-header">
        <h1>Workshops</h1>
        <p>Short, practical sessions on credit analysis, financial modelling and interviews.</p>
      </header>
      <div role="tablist" aria-label="Workshops" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.key}
            id={`tab-${t.key}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === t.key}
            aria-controls="workshops-panel"
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => select(t.key)}
            onKeyDown={(e) => onArrow(e, t.key, select)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="workshops-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <ListStatus
          loading={snapshot.matches('loading')}
          loadingText="Loading workshops..."
          error={snapshot.matches('failed') ? snapshot.context.error : null}
          onRetry={() => send({ type: 'list.retry' })}
          empty={workshops.length === 0}
          emptyText={current.empty}
        >
          <WorkshopGrid workshops={workshops} />
        </ListStatus>
      </div>
    </div>
  );
}

/** Arrow keys move between tabs (WAI-ARIA tabs pattern). */
function onArrow(event: React.KeyboardEvent, key: WorkshopTab, select: (tab: WorkshopTab) => void) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const index = TABS.findIndex((t) => t.key === key);
  const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
  select(next.key);
  document.getElementById(`tab-${next.key}`)?.focus();
}
