import { z } from 'zod';
import * as C from '../contract/index.ts';
import type { Operation } from './openapi.ts';

/** The office's routes (issue 11), kept beside the rest of the OpenAPI description. */

export const OFFICE_NAMED: Record<string, z.ZodType> = {
  AdminUser: C.AdminUser,
  AdminUserInput: C.AdminUserInput,
  AdminUserPatchInput: C.AdminUserPatch,
};

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
];
