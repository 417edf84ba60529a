import { useMachine } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { istToday, MESSAGES, userMessage } from '../../../../contract/index.ts';
import { downloadExport } from '../api/admin-api.ts';
import { AdminFilters } from './admin-filters.tsx';
import type { AdminMachines } from '../types.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import type { AdminResource } from '../tabs/resource-types.ts';
import { AdminDialog } from './admin-dialog.tsx';
import { AdminTable } from './admin-table.tsx';

/** "10,000+" when the server stopped counting at its cap (docs/api.md), else the exact count. */
const countText = (count: number, capped: boolean) => (capped ? `${count.toLocaleString('en-IN')}+` : String(count));

/** `onSaved` must be stable (it is part of the modal machine's wiring). */
type Props = {
  resource: AdminResource;
  machines: AdminMachines;
  onSaved: () => void;
  /** The list filters from the URL; a change goes back to the URL (and the panel is made anew). */
  params?: Record<string, string>;
  onParams?: (params: Record<string, string>) => void;
};

/** One tab: its list (pages loaded as the area scrolls) and its modal flow. */
export function AdminTabPanel({ resource, machines, onSaved, params = {}, onParams }: Props) {
  const listLogic = useMemo(() => machines.listFor(resource), [machines, resource]);
  const [list, sendList, listActor] = useMachine(listLogic, {
    input: { failureText: MESSAGES.adminLoadFailed, params },
  });
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    if (!resource.exportPath) return;
    setExporting(true);
    setExportError(null);
    try {
      await downloadExport(resource.exportPath, params, `${resource.key}-${istToday()}.csv`);
    } catch (error) {
      setExportError(userMessage(error, 'The export failed. Please try again.'));
    } finally {
      setExporting(false);
    }
  }
  const modalLogic = useMemo(
    () =>
      machines.modalFor(resource, () => {
        listActor.send({ type: 'list.reload' });
        onSaved();
      }),
    [machines, resource, listActor, onSaved],
  );
  const [modal, sendModal] = useMachine(modalLogic);
  // A row's own buttons (a module's Move up) changed the list: it is loaded again, as after a save.
  const listChanged = useCallback(() => {
    listActor.send({ type: 'list.reload' });
    onSaved();
  }, [listActor, onSaved]);
  const items = list.context.items;
  const panelNotice = modal.matches('closed') ? modal.context : null;

  return (
    <section aria-label={resource.label}>
      <div className="section-title">
        <h2>
          {resource.label}
          {list.context.count !== null ? ` (${countText(list.context.count, list.context.countCapped)})` : ''}
        </h2>
        <div className="btn-row">
          {resource.exportPath ? (
            <button type="button" className="btn btn-outline" onClick={() => void exportCsv()} disabled={exporting}>
              {exporting ? 'Exporting...' : 'Export CSV'}
            </button>
          ) : null}
          {resource.form && !resource.form.editOnly ? (
            <button type="button" className="btn btn-primary" onClick={() => sendModal({ type: 'modal.add' })}>
              Add New
            </button>
          ) : null}
        </div>
      </div>
      {resource.filters && onParams ? (
        <AdminFilters filters={resource.filters} values={params} onApply={onParams} />
      ) : null}
      {exportError ? <FormError onDismiss={() => setExportError(null)}>{exportError}</FormError> : null}
      {panelNotice?.notice ? (
        <Notice kind="success" onDismiss={() => sendModal({ type: 'notice.dismiss' })}>
          {panelNotice.notice}
        </Notice>
      ) : null}
      {panelNotice?.error ? (
        <FormError onDismiss={() => sendModal({ type: 'notice.dismiss' })}>{panelNotice.error}</FormError>
      ) : null}
      <ListStatus
        loading={list.matches('loading')}
        error={list.matches('failed') ? list.context.error : null}
        onRetry={() => sendList({ type: 'list.retry' })}
        empty={items.length === 0}
        emptyText={`No ${resource.label.toLowerCase()} yet.`}
      >
        <AdminTable
          resource={resource}
          items={items}
          hasMore={list.context.next !== null}
          loadingMore={list.matches({ loaded: 'loadingMore' })}
          moreError={list.matches({ loaded: 'moreFailed' }) ? list.context.error : null}
          onLoadMore={() => sendList({ type: 'list.loadMore' })}
          onAction={(type, item) =>
            // A refund dialog gets its own Idempotency-Key when it opens (kept for every attempt in it).
            type === 'modal.refund' ? sendModal({ type, item, key: crypto.randomUUID() }) : sendModal({ type, item })
          }
          machines={machines}
          onChanged={listChanged}
        />
      </ListStatus>
      <AdminDialog resource={resource} snapshot={modal} send={sendModal} machines={machines} />
    </section>
  );
}
