import { AdminStats, API, IssueSummary } from '../../../../contract/index.ts';
import type { FetchPageInput, ListPage } from '../../../../machines/list.machine.ts';
import type { DeleteItemInput, SaveItemInput } from '../../../../machines/admin-modal.machine.ts';
import { api, withQuery, type Query } from '../../../lib/api-client.ts';
import type { AdminResource } from './resource-types.ts';

export type AdminSummary = { stats: AdminStats; issues: IssueSummary };

/** Stat tiles and issue summary, requested together. */
export async function fetchAdminSummary(): Promise<AdminSummary> {
  const [stats, issues] = await Promise.all([
    api.get(API.adminStats, AdminStats),
    api.get(API.admin.issueSummary, IssueSummary),
  ]);
  return { stats, issues };
}

/** One page of a tab's list: the first from the list path, the next ones from the server's `next` URL. */
export function fetchAdminPage(resource: AdminResource, input: FetchPageInput): Promise<ListPage<{ id: number }>> {
  if (input.cursor) return api.page(input.cursor, resource.item);
  return api.page(resource.listPath, resource.item, { ...resource.listQuery, ...(input.params as Query) });
}

const idOf = (item: unknown) => (item as { id: number }).id;

export function saveAdminItem(resource: AdminResource, input: SaveItemInput): Promise<unknown> {
  if (input.mode === 'refund') {
    if (!resource.refund || !input.key) throw new Error(`${resource.label} cannot be refunded`);
    // One key per opened refund dialog: a double click or a retry asks for the same refund.
    return api.send('POST', resource.refund.path(idOf(input.item)), input.values, { 'Idempotency-Key': input.key });
  }
  if (input.mode === 'resolve') {
    if (!resource.resolvePath) throw new Error(`${resource.label} cannot be resolved`);
    return api.send('POST', resource.resolvePath(idOf(input.item)), input.values);
  }
  const form = resource.form;
  if (!form) throw new Error(`${resource.label} cannot be edited`);
  if (input.mode === 'add') return api.send('POST', form.createPath, input.values);
  return api.send(form.edit?.method ?? 'PUT', form.updatePath(idOf(input.item)), input.values);
}

export async function deleteAdminItem(resource: AdminResource, input: DeleteItemInput): Promise<void> {
  const removePath = resource.form?.removePath ?? resource.removePath;
  if (!removePath) throw new Error(`${resource.label} cannot be deleted`);
  await api.delete(removePath(idOf(input.item)));
}

/** Downloads a tab's CSV export with the current filters (the request carries the login, so no plain link). */
export async function downloadExport(path: string, filters: Query, fileName: string): Promise<void> {
  const text = await api.send('GET', withQuery(path, filters));
  // The BOM the server sends is dropped when fetch decodes the text; put it back for Excel.
  const blob = new Blob([`\uFEFF${String(text).replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
