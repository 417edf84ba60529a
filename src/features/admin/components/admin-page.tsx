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
import { AdminSections } from './admin-sections.tsx';

/** The admin panel: stat tiles, the issue summary and its sections (tabs, or a menu where they need more than two rows). */
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
      <AdminSections active={active} onChoose={setActive} />
      <div id="admin-panel" role="tabpanel" aria-label={`${resource.label} section`}>
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
