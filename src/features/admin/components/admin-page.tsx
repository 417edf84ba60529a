import { useMachine } from '@xstate/react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../../contract/index.ts';
import type { AdminMachines } from '../types.ts';
import { Notice } from '../../../components/notice.tsx';
import { ADMIN_TABS } from '../tabs/resources.ts';
import { AdminStatsView } from './admin-stats.tsx';
import { AdminFilters } from './admin-filters.tsx';
import { AdminTabPanel } from './admin-tab-panel.tsx';
import { AdminChoicesContext, NO_CHOICES } from '../tabs/admin-choices.tsx';
import { ReconciliationPanel } from './reconciliation-panel.tsx';

/** The admin panel: stat tiles, the issue summary and the eight tabs (spec section 2). */
export function AdminPage({ machines }: { machines: AdminMachines }) {
  const [summary, sendSummary] = useMachine(machines.summary, { input: { failureText: MESSAGES.adminLoadFailed } });
  // The selects' options (faculty, staff) load once and again after every save (a new faculty member).
  const [choices, sendChoices] = useMachine(machines.choices, { input: {} });
  const reloadSummary = useCallback(() => {
    sendSummary({ type: 'loader.reload' });
    sendChoices({ type: 'loader.reload' });
  }, [sendSummary, sendChoices]);
  // The tab and its filters live in the URL (?tab=payments&status=failed), so a filtered view can be shared.
  const [search, setSearch] = useSearchParams();
  const resource = ADMIN_TABS.find((tab) => tab.key === search.get('tab')) ?? ADMIN_TABS[0]!;
  const active = resource.key;
  const setActive = (key: string) => setSearch({ tab: key });
  const filterNames = new Set((resource.filters ?? []).map((f) => f.name));
  const params = Object.fromEntries([...search.entries()].filter(([name, value]) => filterNames.has(name) && value));
  const setParams = useCallback(
    (next: Record<string, string>) =>
      setSearch({ tab: active, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v)) }),
    [setSearch, active],
  );

  function onArrow(event: React.KeyboardEvent, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = ADMIN_TABS[(index + (event.key === 'ArrowRight' ? 1 : ADMIN_TABS.length - 1)) % ADMIN_TABS.length]!;
    setActive(next.key);
    document.getElementById(`admin-tab-${next.key}`)?.focus();
  }

  return (
    <div className="container">
      <header className="page-header">
        <h1>Admin Dashboard</h1>
        <p>Manage programs, faculty, workshops, enrollments, payments and content.</p>
      </header>
      {summary.matches('failed') ? (
        <Notice kind="error">
          {summary.context.error}{' '}
          <button type="button" className="btn btn-outline btn-small" onClick={reloadSummary}>
            Try again
          </button>
        </Notice>
      ) : null}
      {summary.context.data ? <AdminStatsView summary={summary.context.data} /> : null}
      <div role="tablist" aria-label="Admin sections" className="tabs">
        {ADMIN_TABS.map((tab, index) => (
          <button
            key={tab.key}
            id={`admin-tab-${tab.key}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab.key === active}
            aria-controls="admin-panel"
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => setActive(tab.key)}
            onKeyDown={(event) => onArrow(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${resource.key}`}>
        <AdminChoicesContext.Provider value={choices.context.data ?? NO_CHOICES}>
          {'panel' in resource ? (
            <>
              {resource.filters ? (
                <AdminFilters filters={resource.filters} values={params} onApply={setParams} />
              ) : null}
              <resource.panel
                key={`${resource.key}?${new URLSearchParams(params).toString()}`}
                machines={machines}
                params={params}
              />
            </>
          ) : resource.key === 'reconciliation' ? (
            <ReconciliationPanel machines={machines} onSaved={reloadSummary} />
          ) : (
            <AdminTabPanel
              key={`${resource.key}?${new URLSearchParams(params).toString()}`}
              resource={resource}
              machines={machines}
              onSaved={reloadSummary}
              params={params}
              onParams={setParams}
            />
          )}
        </AdminChoicesContext.Provider>
      </div>
    </div>
  );
}
