import { z } from 'zod';
import * as C from '../contract/index.ts';
import { ADMIN_OPERATIONS } from './domains/office/openapi.ts';
import { AUTH_OPERATIONS } from './domains/accounts/openapi.ts';
import { CATALOGUE_OPERATIONS } from './domains/catalogue/openapi.ts';
import { GST_NAMED, GST_OPERATIONS } from './domains/billing/openapi.ts';
import { OFFICE_NAMED, OFFICE_OPERATIONS } from './domains/office/openapi-users.ts';
import { PRIVACY_NAMED, PRIVACY_OPERATIONS } from './domains/privacy/openapi.ts';
import { TRUST_NAMED, TRUST_OPERATIONS } from './domains/accounts/openapi-trust.ts';
import { PASSKEY_NAMED, PASSKEY_OPERATIONS } from './domains/accounts/openapi-passkeys.ts';
import { Pdf, type Operation } from './platform/openapi-operation.ts';
import { PAYMENTS_OPERATIONS } from './domains/payments/openapi.ts';
import { SYSTEM_OPERATIONS } from './platform/system/openapi.ts';
import { DELIVERY_NAMED, DELIVERY_OPERATIONS } from './domains/batches/openapi.ts';
import { CERTIFICATES_NAMED, CERTIFICATES_OPERATIONS } from './domains/certificates/openapi.ts';
import { TEACHING_NAMED, TEACHING_OPERATIONS } from './domains/teaching/openapi.ts';
import { ASSIGNMENTS_NAMED, ASSIGNMENTS_OPERATIONS } from './domains/teaching/openapi-assignments.ts';
import { COUPONS_NAMED, COUPONS_OPERATIONS } from './domains/pricing/openapi-coupons.ts';
import { INSTALMENT_NAMED, INSTALMENT_OPERATIONS } from './domains/pricing/openapi-instalments.ts';
import { PLACEMENT_NAMED, PLACEMENT_OPERATIONS } from './domains/placement/openapi.ts';
import { OPENINGS_NAMED, OPENINGS_OPERATIONS } from './domains/placement/openings-openapi.ts';
import { STORIES_NAMED } from './domains/catalogue/stories-openapi.ts';
import { ASSESSMENT_NAMED, ASSESSMENT_OPERATIONS } from './domains/assessments/openapi.ts';
import { NOTIFY_NAMED, NOTIFY_OPERATIONS } from './domains/notifications/openapi.ts';

/**
 * The OpenAPI 3.1 description of every route, generated from the contract's zod schemas (the same
 * schemas the handlers validate with). Served at /api/openapi.json and written to docs/openapi.json
 * by scripts/generate-openapi.ts.
 */

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
  StudentPayment: C.StudentPayment,
  StudentEnrollment: C.StudentEnrollment,
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
  ...GST_NAMED,
  ...TRUST_NAMED,
  ...PASSKEY_NAMED,
  ...PRIVACY_NAMED,
  ...DELIVERY_NAMED,
  ...CERTIFICATES_NAMED,
  ...TEACHING_NAMED,
  ...ASSIGNMENTS_NAMED,
  ...COUPONS_NAMED,
  ...INSTALMENT_NAMED,
  ...PLACEMENT_NAMED,
  ...OPENINGS_NAMED,
  ...STORIES_NAMED,
  ...ASSESSMENT_NAMED,
  ...NOTIFY_NAMED,
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

/** The areas, in the document's order: adding an area is its file and one line here. */
const OPERATIONS: Operation[] = [
  ...AUTH_OPERATIONS,
  ...CATALOGUE_OPERATIONS,
  ...PAYMENTS_OPERATIONS,
  ...ADMIN_OPERATIONS,
  ...SYSTEM_OPERATIONS,
  ...OFFICE_OPERATIONS,
  ...GST_OPERATIONS,
  ...TRUST_OPERATIONS,
  ...PASSKEY_OPERATIONS,
  ...PRIVACY_OPERATIONS,
  ...DELIVERY_OPERATIONS,
  ...CERTIFICATES_OPERATIONS,
  ...TEACHING_OPERATIONS,
  ...ASSIGNMENTS_OPERATIONS,
  ...COUPONS_OPERATIONS,
  ...INSTALMENT_OPERATIONS,
  ...PLACEMENT_OPERATIONS,
  ...OPENINGS_OPERATIONS,
  ...ASSESSMENT_OPERATIONS,
  ...NOTIFY_OPERATIONS,
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

/** The JSON body, the multipart form, or either (a route that takes both). */
function requestBody(op: Operation) {
  const content: Record<string, unknown> = {};
  if (op.body) content['application/json'] = { schema: schemaRef(op.body) };
  if (op.upload) {
    const upload = op.upload === true ? { file: 'file', required: true } : op.upload;
    const fields = upload.fields
      ? (jsonSchema(upload.fields, 'input') as { properties?: object; required?: string[] })
      : {};
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        required: [...(upload.required ? [upload.file] : []), ...(fields.required ?? [])],
        properties: { ...fields.properties, [upload.file]: { type: 'string', format: 'binary' } },
      },
    };
  }
  return { required: !op.bodyOptional, content };
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
            : schema === 'events'
              ? {
                  description: 'Server-sent events (docs/api.md says which events and what their data is)',
                  content: { 'text/event-stream': { schema: { type: 'string' } } },
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
    ...(op.upload || op.body ? { requestBody: requestBody(op) } : {}),
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
        'Public catalogue, student payments and enrollments, and the admin panel. Errors: 400 {field: [messages]} or {error}; 401/403/404/429 {detail}; 500 {detail: "Server error."}; 503 {detail} with Retry-After when the database is too busy to answer in time. See docs/api.md.',
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
