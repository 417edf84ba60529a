import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { MESSAGES } from '../../../../contract/index.ts';
import type { AdminMachines } from '../types.ts';
import { Notice } from '../../../components/notice.tsx';
import { ADMIN_TABS } from '../api/resources.ts';
import { AdminStatsView } from './admin-stats.tsx';
import { AdminTabPanel } from './admin-tab-panel.tsx';

/** The admin panel: stat tiles, the issue summary and the eight tabs (spec section 2). */
export function AdminPage({ machines }: { machines: AdminMachines }) {
  const [summary, sendSummary] = useMachine(machines.summary, { input: { failureText: MESSAGES.adminLoadFailed } });
  const reloadSummary = useCallback(() => sendSummary({ type: 'loader.reload' }), [sendSummary]);
  const [active, setActive] = useState(ADMIN_TABS[0]!.key);
  const resource = ADMIN_TABS.find((tab) => tab.key === active) ?? ADMIN_TABS[0]!;

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
        <AdminTabPanel key={resource.key} resource={resource} machines={machines} onSaved={reloadSummary} />
      </div>
    </div>
  );
}
