import { z } from 'zod';
import {
  AdminStats,
  AdminUser,
  API,
  Batch,
  DELIVERY_PATHS,
  Faculty,
  Program,
  Workshop,
  Gstr1Summary,
  IssueSummary,
  RevenueRow,
  type Gstr1CsvTable,
} from '../../../../contract/index.ts';
import type { FetchPageInput, ListPage } from '../../../../machines/list.machine.ts';
import type { DeleteItemInput, SaveItemInput } from '../../../../machines/admin-modal.machine.ts';
import { api, withQuery, type Query } from '../../../lib/api-client.ts';
import { Employer, MFA_PATHS, Offer, PLACEMENT_PATHS } from '../../../../contract/index.ts';
import { fullName } from '../../../utils/format.ts';
import type { AdminChoices, AdminResource } from '../tabs/resource-types.ts';

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
export async function fetchAdminPage(
  resource: AdminResource,
  input: FetchPageInput,
): Promise<ListPage<{ id: number }>> {
  if (resource.fetchList) {
    const items = await resource.fetchList();
    return { items, next: null, count: items.length };
  }
  if (input.cursor) return api.page(input.cursor, resource.item);
  return api.page(resource.listPath, resource.item, { ...resource.listQuery, ...(input.params as Query) });
}

const idOf = (item: unknown) => (item as { id: number }).id;

export function saveAdminItem(resource: AdminResource, input: SaveItemInput): Promise<unknown> {
  if (input.mode === 'refund') {
    if (!resource.refund || !input.key) throw new Error(`${resource.label} cannot be refunded`);
    // One key per opened refund dialog: a double click or a retry asks for the same refund.
    const target = resource.refund.target?.(input.item as { id: number }) ?? idOf(input.item);
    return api.send('POST', resource.refund.path(target), input.values, { 'Idempotency-Key': input.key });
  }
  if (input.mode === 'resolve') {
    if (!resource.resolvePath) throw new Error(`${resource.label} cannot be resolved`);
    return api.send('POST', resource.resolvePath(idOf(input.item)), input.values);
  }
  const form = resource.form;
  if (!form) throw new Error(`${resource.label} cannot be edited`);
  if (form.save) return form.save(input.mode, input.item as { id: number } | null, input.values);
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

/** GET /api/admin/revenue/ with the report's filters (`group`, `date_from`, `date_to`; empty ones left out). */
export function fetchRevenue(params: Record<string, unknown>): Promise<RevenueRow[]> {
  return api.get(API.admin.revenue, z.array(RevenueRow), params as Query);
}

/** The totals of a month's GSTR-1 (`period` YYYY-MM), for the GST returns panel. */
export function fetchGstr1Summary(params: Record<string, unknown>): Promise<Gstr1Summary> {
  return api.get(API.admin.gstr1, Gstr1Summary, { period: String(params.period), format: 'summary' });
}

/** Saves a month's GSTR-1: the offline tool's JSON, or one table (`table`) as its CSV template. */
export function downloadGstr1(period: string, gstin: string, table?: Gstr1CsvTable): Promise<void> {
  const fp = `${period.slice(5)}${period.slice(0, 4)}`;
  const query = table ? { period, format: 'csv', table } : { period, format: 'json' };
  return api.download(
    withQuery(API.admin.gstr1, query),
    table ? `gstr1-${fp}-${table}.csv` : `GSTR1_${gstin}_${fp}.json`,
  );
}

const STAFF_PAGE = { page_size: 200, is_active: true };

/** The options of the forms' selects: every faculty member, and the active administrators and instructors. */
export async function fetchAdminChoices(): Promise<AdminChoices> {
  const [faculty, admins, instructors, programs, batches, workshops, employers, offers] = await Promise.all([
    api.list(API.faculty.list, Faculty),
    api.list(API.admin.users, AdminUser, { ...STAFF_PAGE, role: 'admin' }),
    api.list(API.admin.users, AdminUser, { ...STAFF_PAGE, role: 'instructor' }),
    // The Batches and Curriculum tabs' programs and batches; without them only those selects stay empty.
    api.list(API.programs.list, Program, { include_inactive: true }).catch(() => []),
    api.list(DELIVERY_PATHS.adminBatches, Batch).catch(() => []),
    // The Coupons tab's courses, chosen by title.
    api.list(API.workshops.list, Workshop, { include_inactive: true }).catch(() => []),
    // The Offers tab's employers (decision record 078).
    api.list(PLACEMENT_PATHS.employers, Employer).catch(() => []),
    // The Success Stories tab's offers: verified ones only (decision record 079).
    api.list(PLACEMENT_PATHS.offers, Offer, { status: 'verified' }).catch(() => []),
  ]);
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  return {
    faculty: faculty.map((f) => ({ value: String(f.id), label: fullName(f.user) || f.user.email })).sort(byName),
    staff: [...admins, ...instructors]
      .map((u) => ({
        value: String(u.id),
        label: `${fullName(u) || u.username} (${u.profile.role === 'admin' ? 'administrator' : 'instructor'})`,
      }))
      .sort(byName),
    programs: programs.map((p) => ({ value: String(p.id), label: p.title })).sort(byName),
    courses: [
      ...programs.map((p) => ({ value: `program:${p.id}`, label: `Program · ${p.title}` })),
      ...workshops.map((w) => ({ value: `workshop:${w.id}`, label: `Workshop · ${w.title}` })),
    ].sort(byName),
    employers: employers.map((e) => ({ value: String(e.id), label: e.name })),
    verifiedOffers: offers
      .map((o) => ({ value: String(o.id), label: `${o.student_name} · ${o.employer_name} · ${o.designation}` }))
      .sort(byName),
    batches: batches
      .map((b) => ({
        value: String(b.id),
        label: `${programs.find((p) => p.id === b.course)?.title ?? `Program #${b.course}`} · ${b.name}`,
      }))
      .sort(byName),
  };
}

/**
 * Uploads a resource's file (multipart, field "file"). It follows the resource's own save, whose call has
 * just refreshed the access token if it needed to; the server's refusal (type, size) comes back as an
 * ApiError with its field message.
 */
export function uploadResourceFile(id: number, file: File): Promise<void> {
  return uploadFile('POST', API.resources.file(id), file);
}

/**
 * A file as the multipart field "file" (a resource's, a document lesson's), through the one API client's
 * upload (the token's refresh and the step-up as every call); a refusal comes back as an ApiError.
 */
export async function uploadFile(method: 'POST' | 'PUT', path: string, file: File): Promise<void> {
  await api.upload(path, { files: { file } }, z.unknown(), method);
}

/**
 * An administrator removes another user's authenticator app (a lost phone), with the reason; the server
 * asks for a fresh second-factor check first (the step-up modal) and emails the owner.
 */
export async function removeUserSecondFactor(userId: number, reason: string): Promise<string> {
  await api.send('POST', MFA_PATHS.adminResetMfa(userId), { reason });
  return 'Second factor removed. The owner has been emailed and can set up a new one.';
}

/** An administrator emails a user a password reset link; answers the server's sentence. */
export async function sendUserPasswordReset(userId: number): Promise<string> {
  const { detail } = await api.post(API.admin.userPasswordReset(userId), {}, z.object({ detail: z.string() }));
  return detail;
}
