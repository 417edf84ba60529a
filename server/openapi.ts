import { z } from 'zod';
import * as C from '../contract/index.ts';
import { OFFICE_NAMED, OFFICE_OPERATIONS } from './openapi-office.ts';
import { DELIVERY_NAMED, DELIVERY_OPERATIONS } from './openapi-delivery.ts';

/**
 * The OpenAPI 3.1 description of every route, generated from the contract's zod schemas (the same
 * schemas the handlers validate with). Served at /api/openapi.json and written to docs/openapi.json
 * by scripts/generate-openapi.ts.
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
  /** A multipart/form-data upload with one file in the field "file". */
  upload?: boolean;
  /** Status → schema (null: no body; 'csv': a text/csv attachment; 'file': a stored file). */
  responses: Record<number, z.ZodType | null | 'csv' | 'file'>;
  errors?: number[];
};

const Empty = null;
/** A PDF document (invoices, credit notes): documented as application/pdf. */
const Pdf = z.string().describe('PDF document');
const Health = z.object({ status: z.literal('ok') });
const WebhookAnswer = z.object({ status: z.enum(['processed', 'ignored', 'flagged', 'duplicate']) });
const PaginatedOf = (item: z.ZodType) => C.paginated(item);

/** Entities shown once under components.schemas and referred to by name. */
const NAMED: Record<string, z.ZodType> = {
  User: C.User,
  Program: C.Program,
  Faculty: C.Faculty,
  Workshop: C.Workshop,
  SuccessStory: C.SuccessStory,
  Resource: C.Resource,
  Testimonial: C.Testimonial,
  Enrollment: C.Enrollment,
  Payment: C.Payment,
  PaymentCompletion: C.PaymentCompletion,
  PaymentStart: C.PaymentStart,
  GatewayCheckout: C.GatewayCheckout,
  PaymentVerifyInput: C.PaymentVerifyInput,
  RefundInput: C.RefundInput,
  Reconciliation: C.Reconciliation,
  FlaggedEvent: C.FlaggedEvent,
  ReconciliationActionInput: C.ReconciliationActionInput,
  SyncResult: C.SyncResult,
  AdminStats: C.AdminStats,
  IssueSummary: C.IssueSummary,
  TokenPair: C.TokenPair,
  CounselingRequest: C.CounselingRequest,
  AuditEntry: C.AuditEntry,
  OutboxEmail: C.OutboxEmail,
  AppConfig: C.AppConfig,
  ValidationError: C.ValidationErrorBody,
  BusinessError: C.BusinessErrorBody,
  DetailError: C.DetailErrorBody,
  LoginInput: C.LoginInput,
  RefreshInput: C.RefreshInput,
  RegisterInput: C.RegisterInput,
  PasswordResetRequestInput: C.PasswordResetRequestInput,
  PasswordResetConfirmInput: C.PasswordResetConfirmInput,
  ProgramInput: C.ProgramInput,
  FacultyInput: C.FacultyInput,
  WorkshopInput: C.WorkshopInput,
  TestimonialInput: C.TestimonialInput,
  SuccessStoryInput: C.SuccessStoryInput,
  ResourceInput: C.ResourceInput,
  PaymentStartInput: C.PaymentStartInput,
  ResolveInput: C.ResolveInput,
  CounselingInput: C.CounselingInput,
  ...OFFICE_NAMED,
  ...DELIVERY_NAMED,
};
const INPUTS = new Set(Object.keys(NAMED).filter((name) => name.endsWith('Input')));

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  delete out.$schema;
  return out;
}

function schemaRef(schema: z.ZodType): Record<string, unknown> {
  for (const [name, named] of Object.entries(NAMED))
    if (named === schema) return { $ref: `#/components/schemas/${name}` };
  if (schema instanceof z.ZodArray) return { type: 'array', items: schemaRef(schema.element as z.ZodType) };
  return jsonSchema(schema, 'output');
}

function crud(
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

const OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: C.API.token,
    summary: 'Log in: an access and a refresh token',
    tag: 'Auth',
    access: 'public',
    body: C.LoginInput,
    responses: { 200: C.TokenPair },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: C.API.tokenRefresh,
    summary: 'A new token pair for a refresh token, which is retired (rotation; reusing it ends the login)',
    tag: 'Auth',
    access: 'public',
    body: C.RefreshInput,
    responses: { 200: C.TokenPair },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: C.API.register,
    summary: 'Sign up as a student',
    tag: 'Auth',
    access: 'public',
    body: C.RegisterInput,
    responses: { 201: C.TokenPair },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: C.API.passwordReset,
    summary: 'Forgot password: emails a single-use link (30 minutes) to the account, same answer for any address',
    tag: 'Auth',
    access: 'public',
    body: C.PasswordResetRequestInput,
    responses: { 202: z.object({ detail: z.string() }) },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: C.API.passwordResetConfirm,
    summary: 'Set a new password with the emailed token; revokes every refresh token of the account',
    tag: 'Auth',
    access: 'public',
    body: C.PasswordResetConfirmInput,
    responses: { 204: Empty },
    errors: [400],
  },
  {
    method: 'post',
    path: C.API.logout,
    summary: 'Revoke a refresh token',
    tag: 'Auth',
    access: 'public',
    body: C.LogoutInput,
    responses: { 204: Empty },
    errors: [400, 401],
  },
  {
    method: 'get',
    path: C.API.me,
    summary: 'The current user',
    tag: 'Auth',
    access: 'user',
    responses: { 200: C.User },
  },

  {
    method: 'get',
    path: C.API.programs.list,
    summary: 'Active programs (include_inactive=true: all, admins only)',
    tag: 'Programs',
    access: 'optional',
    query: C.ProgramListQuery,
    responses: { 200: z.array(C.Program) },
    errors: [400],
  },
  {
    method: 'get',
    path: C.API.programs.detail(),
    summary: 'One program',
    tag: 'Programs',
    access: 'optional',
    responses: { 200: C.Program },
    errors: [404],
  },
  {
    method: 'post',
    path: C.API.programs.create,
    summary: 'Create (admin)',
    tag: 'Programs',
    access: 'admin',
    body: C.ProgramInput,
    responses: { 201: C.Program },
    errors: [400],
  },
  {
    method: 'put',
    path: C.API.programs.update(),
    summary: 'Update (admin)',
    tag: 'Programs',
    access: 'admin',
    body: C.ProgramInput,
    responses: { 200: C.Program },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: C.API.programs.remove(),
    summary: 'Delete, or archive when it has payments or enrollments (admin)',
    tag: 'Programs',
    access: 'admin',
    responses: { 204: Empty },
    errors: [404],
  },
  {
    method: 'post',
    path: C.API.programs.payment(),
    summary: 'Start a payment (pending; an existing pending one is answered with 200)',
    tag: 'Payments',
    access: 'user',
    body: C.PaymentStartInput,
    bodyOptional: true,
    responses: { 201: C.PaymentStart, 200: C.PaymentStart },
    errors: [400, 404, 503],
  },

  ...crud('Faculty', C.API.faculty, C.Faculty, C.FacultyInput, C.FeaturedListQuery),
  ...crud('Testimonials', C.API.testimonials, C.Testimonial, C.TestimonialInput, C.FeaturedListQuery),
  ...crud('Success stories', C.API.successStories, C.SuccessStory, C.SuccessStoryInput, C.FeaturedListQuery),
  ...crud('Resources', C.API.resources, C.Resource, C.ResourceInput, C.ResourceListQuery),
  ...crud('Workshops', C.API.workshops, C.Workshop, C.WorkshopInput, C.WorkshopListQuery),
  {
    method: 'get',
    path: C.API.workshops.detail(),
    summary: 'One workshop',
    tag: 'Workshops',
    access: 'optional',
    responses: { 200: C.Workshop },
    errors: [404],
  },
  {
    method: 'post',
    path: C.API.workshops.payment(),
    summary: 'Start a payment; a free workshop enrolls at once (completed, amount 0)',
    tag: 'Payments',
    access: 'user',
    body: C.PaymentStartInput,
    bodyOptional: true,
    responses: { 201: C.PaymentStart, 200: C.PaymentStart },
    errors: [400, 404, 503],
  },

  {
    method: 'get',
    path: C.API.payments.list,
    summary: "The caller's payments",
    tag: 'Payments',
    access: 'user',
    responses: { 200: z.array(C.Payment) },
  },
  {
    method: 'post',
    path: C.API.payments.complete(),
    summary: "Complete the caller's pending payment when the gateway reports it captured in full (idempotent)",
    tag: 'Payments',
    access: 'user',
    responses: { 200: C.PaymentCompletion },
    errors: [400, 404, 503],
  },
  {
    method: 'post',
    path: C.API.payments.verify(),
    summary: "Verify the checkout's signature (order_id|payment_id, HMAC-SHA256) and complete the payment",
    tag: 'Payments',
    access: 'user',
    body: C.PaymentVerifyInput,
    responses: { 200: C.PaymentCompletion },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: C.API.razorpayWebhook,
    summary: 'Razorpay webhook: X-Razorpay-Signature (HMAC-SHA256 of the raw body), X-Razorpay-Event-Id; no login',
    tag: 'Payments',
    access: 'public',
    responses: { 200: WebhookAnswer },
    errors: [400],
  },
  {
    method: 'get',
    path: C.API.payments.invoice(),
    summary: 'The tax invoice of a completed payment (PDF), to its student and administrators',
    tag: 'Payments',
    access: 'user',
    responses: { 200: Pdf },
    errors: [404],
  },
  {
    method: 'get',
    path: C.API.refunds.creditNote(),
    summary: 'The credit note of a refund (PDF), to its student and administrators',
    tag: 'Payments',
    access: 'user',
    responses: { 200: Pdf },
    errors: [404],
  },
  {
    method: 'get',
    path: C.API.enrollments.list,
    summary: "The caller's enrollments",
    tag: 'Payments',
    access: 'user',
    responses: { 200: z.array(C.Enrollment) },
  },
  {
    method: 'post',
    path: C.API.counseling.create,
    summary: 'Book a free counseling session',
    tag: 'Counseling',
    access: 'public',
    body: C.CounselingInput,
    responses: { 201: C.CounselingRequest },
    errors: [400, 429],
  },

  {
    method: 'get',
    path: C.API.adminStats,
    summary: 'Totals',
    tag: 'Admin',
    access: 'admin',
    responses: { 200: C.AdminStats },
  },
  {
    method: 'get',
    path: C.API.admin.issueSummary,
    summary: 'Issue counts',
    tag: 'Admin',
    access: 'admin',
    responses: { 200: C.IssueSummary },
  },
  {
    method: 'get',
    path: C.API.admin.enrollments,
    summary: 'All enrollments, newest first',
    tag: 'Admin',
    access: 'admin',
    query: C.AdminRecordQuery,
    responses: { 200: PaginatedOf(C.Enrollment) },
    errors: [400],
  },
  {
    method: 'get',
    path: C.API.admin.payments,
    summary: 'All payments, newest first (filters: status, urgency, student search, course, IST dates)',
    tag: 'Admin',
    access: 'admin',
    query: C.AdminRecordQuery,
    responses: { 200: PaginatedOf(C.Payment) },
    errors: [400],
  },
  {
    method: 'post',
    path: C.API.admin.resolveEnrollment(),
    summary: 'Resolve an enrollment',
    tag: 'Admin',
    access: 'admin',
    body: C.ResolveInput,
    responses: { 200: C.Enrollment },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: C.API.admin.resolvePayment(),
    summary: 'Resolve a payment (completed grants the enrollment)',
    tag: 'Admin',
    access: 'admin',
    body: C.ResolveInput,
    responses: { 200: C.Payment },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: C.API.admin.refundPayment(),
    summary: 'Refund through the gateway (Idempotency-Key header; amount in rupees, the rest when absent)',
    tag: 'Admin',
    access: 'admin',
    body: C.RefundInput,
    responses: { 200: C.Payment },
    errors: [400, 404, 503],
  },
  {
    method: 'get',
    path: C.API.admin.reconciliation,
    summary: 'Flagged gateway events and pending payments older than 30 minutes',
    tag: 'Admin',
    access: 'admin',
    responses: { 200: C.Reconciliation },
  },
  {
    method: 'post',
    path: C.API.admin.reconciliationResolve(),
    summary: 'Grant access, refund, or mark a flagged event resolved, with a note (audited)',
    tag: 'Admin',
    access: 'admin',
    body: C.ReconciliationActionInput,
    responses: { 200: C.FlaggedEvent },
    errors: [400, 404, 503],
  },
  {
    method: 'post',
    path: C.API.admin.reconciliationSync,
    summary: "Ask the gateway about pending payments' orders and complete those it captured",
    tag: 'Admin',
    access: 'admin',
    responses: { 200: C.SyncResult },
  },
  {
    method: 'get',
    path: C.API.admin.counselingRequests,
    summary: 'Counseling requests: overdue follow-ups first, then newest first',
    tag: 'Admin',
    access: 'admin',
    query: C.CounselingListQuery,
    responses: { 200: PaginatedOf(C.CounselingRequest) },
    errors: [400],
  },
  {
    method: 'get',
    path: C.API.admin.auditLog,
    summary: 'Audit log, newest first (filters: actor, entity, record, action, IST dates)',
    tag: 'Admin',
    access: 'admin',
    query: C.AuditLogQuery,
    responses: { 200: PaginatedOf(C.AuditEntry) },
    errors: [400],
  },
  {
    method: 'get',
    path: C.API.admin.outbox,
    summary: 'The email outbox, newest first (what was sent, is due, failed, or went nowhere without SMTP_URL)',
    tag: 'Admin',
    access: 'admin',
    query: C.AdminListQuery.pick({ page: true, page_size: true }),
    responses: { 200: PaginatedOf(C.OutboxEmail) },
    errors: [400],
  },

  {
    method: 'get',
    path: C.API.config,
    summary: 'Deployment facts for the SPA (demo mode)',
    tag: 'System',
    access: 'public',
    responses: { 200: C.AppConfig },
  },
  {
    method: 'get',
    path: C.API.health,
    summary: 'Liveness: the process answers (no database access)',
    tag: 'System',
    access: 'public',
    responses: { 200: Health },
  },
  {
    method: 'get',
    path: C.API.ready,
    summary: 'Readiness: the database answers within a second and its migrations are current; else 503',
    tag: 'System',
    access: 'public',
    responses: { 200: Health, 503: C.DetailErrorBody },
  },
  {
    method: 'get',
    path: C.API.openapi,
    summary: 'This document',
    tag: 'System',
    access: 'public',
    responses: { 200: z.record(z.string(), z.unknown()) },
  },
  ...OFFICE_OPERATIONS,
  ...DELIVERY_OPERATIONS,
];

const ERROR_RESPONSES: Record<number, { description: string; schema: string }> = {
  400: {
    description: 'Validation errors {field: [messages]} or a business refusal {error}',
    schema: 'ValidationOrBusinessError',
  },
  401: { description: 'Not authenticated, or the token is invalid or expired', schema: 'DetailError' },
  403: { description: 'Not an administrator', schema: 'DetailError' },
  404: { description: 'Not found', schema: 'DetailError' },
  429: { description: 'Too many attempts', schema: 'DetailError' },
  503: { description: 'The payment gateway did not answer: try again in a minute', schema: 'BusinessError' },
};

function toOpenApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function operationObject(op: Operation) {
  const errors = new Set(op.errors ?? []);
  if (op.access === 'user' || op.access === 'admin') errors.add(401);
  if (op.access === 'admin') errors.add(403);
  const parameters: unknown[] = [];
  for (const match of op.path.matchAll(/:(\w+)/g)) {
    const schema = match[1] === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' };
    parameters.push({ name: match[1], in: 'path', required: true, schema });
  }
  if (op.query) {
    for (const [name, field] of Object.entries(op.query.shape)) {
      parameters.push({ name, in: 'query', required: false, schema: jsonSchema(field as z.ZodType, 'input') });
    }
  }
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(op.responses)) {
    responses[status] =
      schema === Pdf
        ? { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }
        : schema === 'file'
          ? {
              description: 'The file, with its type and a download name',
              content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
            }
          : schema === 'csv'
            ? {
                description: 'A CSV file (UTF-8 with a BOM, a header row)',
                content: { 'text/csv': { schema: { type: 'string' } } },
              }
            : schema
              ? { description: 'OK', content: { 'application/json': { schema: schemaRef(schema) } } }
              : { description: 'No content' };
  }
  for (const status of [...errors].sort()) {
    const error = ERROR_RESPONSES[status];
    if (!error) continue;
    responses[String(status)] = {
      description: error.description,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${error.schema}` } } },
    };
  }
  responses['500'] = {
    description: 'Server error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailError' } } },
  };
  return {
    tags: [op.tag],
    summary: op.summary,
    operationId: `${op.method}${op.path.replace(/[^a-zA-Z]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(op.access === 'user' || op.access === 'admin' ? { security: [{ bearerAuth: [] }] } : {}),
    ...(op.access === 'optional' ? { security: [{}, { bearerAuth: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.upload
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary' } },
                },
              },
            },
          },
        }
      : {}),
    ...(op.body
      ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: schemaRef(op.body) } } } }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const key = toOpenApiPath(op.path);
    paths[key] ??= {};
    paths[key][op.method] = operationObject(op);
  }
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(NAMED))
    schemas[name] = jsonSchema(schema, INPUTS.has(name) ? 'input' : 'output');
  schemas.ValidationOrBusinessError = {
    oneOf: [{ $ref: '#/components/schemas/ValidationError' }, { $ref: '#/components/schemas/BusinessError' }],
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Credit careers institute API',
      version: '1.0.0',
      description:
        'Public catalogue, student payments and enrollments, and the admin panel. Errors: 400 {field: [messages]} or {error}; 401/403/404/429 {detail}; 500 {detail: "Server error."}. See docs/api.md.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
    },
  };
}

/** Method and route pattern of every documented operation (tests compare them with the app's routes). */
export const DOCUMENTED_ROUTES = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`);
