import { z } from 'zod';
import * as C from '../contract/index.ts';
import type { Operation } from './openapi.ts';

/** The office's routes (issue 11), kept beside the rest of the OpenAPI description. */

export const OFFICE_NAMED: Record<string, z.ZodType> = {
  AdminUser: C.AdminUser,
  AdminUserInput: C.AdminUserInput,
  AdminUserPatchInput: C.AdminUserPatch,
  RevenueRow: C.RevenueRow,
  CounselingPatchInput: C.CounselingPatch,
  CounselingNoteInput: C.CounselingNoteInput,
};

const csvExport = (path: string, what: string, query: z.ZodObject): Operation => ({
  method: 'get',
  path,
  summary: `${what} as CSV, with the list's filters (UTF-8 with a BOM, IST dates, whole rupees; audited)`,
  tag: 'Exports',
  access: 'admin',
  // Every filter of the list; exports are not paged.
  query: z.object(Object.fromEntries(Object.entries(query.shape).filter(([name]) => !name.startsWith('page')))),
  responses: { 200: 'csv' },
  errors: [400],
});

export const OFFICE_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: C.API.admin.users,
    summary: 'User accounts, newest first (search: username, name or email)',
    tag: 'Users',
    access: 'admin',
    query: C.AdminUserListQuery,
    responses: { 200: C.paginated(C.AdminUser) },
    errors: [400],
  },
  {
    method: 'post',
    path: C.API.admin.users,
    summary: 'Create an account (administrator, instructor or student)',
    tag: 'Users',
    access: 'admin',
    body: C.AdminUserInput,
    responses: { 201: C.AdminUser },
    errors: [400],
  },
  {
    method: 'patch',
    path: C.API.admin.user(),
    summary: 'Change role, active state, names or email (never your own role or state; never the last administrator)',
    tag: 'Users',
    access: 'admin',
    body: C.AdminUserPatch,
    responses: { 200: C.AdminUser },
    errors: [400, 404],
  },
  csvExport(C.API.admin.exports.payments, 'Payments', C.AdminRecordQuery),
  csvExport(C.API.admin.exports.enrollments, 'Enrollments', C.AdminRecordQuery),
  csvExport(C.API.admin.exports.counselingRequests, 'Counseling requests', C.CounselingListQuery),
  csvExport(C.API.admin.exports.users, 'Users', C.AdminUserListQuery),
  {
    method: 'get',
    path: C.API.admin.revenue,
    summary: 'Revenue of completed payments by IST month or by course, refunds subtracted (whole rupees)',
    tag: 'Admin',
    access: 'admin',
    query: C.RevenueQuery,
    responses: { 200: z.array(C.RevenueRow) },
    errors: [400],
  },
  {
    method: 'post',
    path: C.API.resources.file(),
    summary:
      'Upload or replace a resource file (PDF, Word, Excel, PowerPoint, OpenDocument, PNG, JPEG, GIF, WebP; type read from the bytes; UPLOAD_MAX_BYTES)',
    tag: 'Resources',
    access: 'admin',
    upload: true,
    responses: { 200: C.Resource },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: C.API.resources.file(),
    summary: "Remove a resource's file",
    tag: 'Resources',
    access: 'admin',
    responses: { 204: null },
    errors: [404],
  },
  {
    method: 'get',
    path: C.API.media.resourceFile(),
    summary: "A resource's file, with its type and a download name from the resource's title",
    tag: 'Resources',
    access: 'public',
    responses: { 200: 'file' },
    errors: [404],
  },
  {
    method: 'patch',
    path: C.API.admin.counselingRequest(),
    summary: 'Move a counseling request through the pipeline: status, assignee, next follow-up',
    tag: 'Admin',
    access: 'admin',
    body: C.CounselingPatch,
    responses: { 200: C.CounselingRequest },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: C.API.admin.counselingNotes(),
    summary: 'Add a dated note to a counseling request',
    tag: 'Admin',
    access: 'admin',
    body: C.CounselingNoteInput,
    responses: { 201: C.CounselingRequest },
    errors: [400, 404],
  },
];
