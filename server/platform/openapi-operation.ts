import { z } from 'zod';
import * as C from '../../contract/index.ts';

/**
 * One operation of the OpenAPI description, and the pieces the areas' files share. Each area
 * (server/openapi-<area>.ts) exports `<AREA>_OPERATIONS` (and `<AREA>_NAMED` for schemas shown once by
 * name) and is listed once in server/openapi.ts.
 */

type Access = 'public' | 'optional' | 'user' | 'admin';
export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyOptional?: boolean;
  /**
   * A multipart/form-data upload: `true` is one file in the field "file"; otherwise the file's field, whether
   * it is required, and the text fields beside it (as the JSON body's schema names them). With `body` too,
   * the route takes either.
   */
  upload?: boolean | { file: string; required: boolean; fields?: z.ZodObject };
  /** Status → schema (null: no body; 'csv': a text/csv attachment; 'file': a stored file; 'events': server-sent events). */
  responses: Record<number, z.ZodType | null | 'csv' | 'file' | 'events'>;
  errors?: number[];
};

export const Empty = null;
/** A PDF document (invoices, credit notes): documented as application/pdf. */
export const Pdf = z.string().describe('PDF document');
export const Health = z.object({ status: z.literal('ok') });
export const WebhookAnswer = z.object({ status: z.enum(['processed', 'ignored', 'flagged', 'duplicate']) });
export const PaginatedOf = (item: z.ZodType) => C.paginated(item);

/** The list, create, update and delete operations of a content type. */
export function crud(
  tag: string,
  paths: { list: string; create: string; update: (id?: number) => string; remove: (id?: number) => string },
  entity: z.ZodType,
  input: z.ZodType,
  query: z.ZodObject,
): Operation[] {
  return [
    {
      method: 'get',
      path: paths.list,
      summary: `List ${tag.toLowerCase()}`,
      tag,
      access: 'public',
      query,
      responses: { 200: z.array(entity) },
    },
    {
      method: 'post',
      path: paths.create,
      summary: `Create (admin)`,
      tag,
      access: 'admin',
      body: input,
      responses: { 201: entity },
      errors: [400],
    },
    {
      method: 'put',
      path: paths.update(),
      summary: `Update (admin)`,
      tag,
      access: 'admin',
      body: input,
      responses: { 200: entity },
      errors: [400, 404],
    },
    {
      method: 'delete',
      path: paths.remove(),
      summary: `Delete (admin)`,
      tag,
      access: 'admin',
      responses: { 204: Empty },
      errors: [404],
    },
  ];
}
