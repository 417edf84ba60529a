import { describe, expect, it } from 'vitest';
import { API, SERVER_MESSAGES } from '../../contract/index.ts';
import {
  ADMIN_READ,
  CALLERS,
  ctx,
  ids,
  proof,
  PUBLIC,
  SIGNED_IN,
  signedWebhook,
  useAccessMatrixApp,
  webhookHeaders,
  who,
  type Row,
} from './support/access-matrix-app.ts';
import { CATALOGUE_ROWS } from './support/access-matrix-catalogue-rows.ts';
import { OFFICE_ROWS } from './support/access-matrix-office-rows.ts';

/**
 * Who may call what: every endpoint × {anonymous, the owning student, another student, an administrator,
 * a deactivated account}. The expected statuses are the contract; answers' shapes are checked by the
 * other files. A deactivated account is treated as anonymous, its token refused where a login is needed.
 */

useAccessMatrixApp();

/** Every row, in the order the matrix runs them: the office's, the catalogue's, then the student's, payments' and public ones. */
const ROWS: Row[] = [
  ...OFFICE_ROWS,
  ...CATALOGUE_ROWS,
  { name: 'my payments', method: 'GET', url: () => API.payments.list, expect: SIGNED_IN },
  { name: 'my enrollments', method: 'GET', url: () => API.enrollments.list, expect: SIGNED_IN },
  // The student's own pending payment: only they may complete it; for anyone else it does not exist.
  {
    name: 'complete payment',
    method: 'POST',
    url: () => API.payments.complete(ids.payment!),
    expect: { anonymous: 401, student: 200, other: 404, admin: 404 },
  },
  // The checkout's proof for the owner's payment: theirs to verify; for anyone else it does not exist.
  {
    name: 'verify payment',
    method: 'POST',
    url: () => API.payments.verify(ids.verifiable!),
    body: () => proof,
    expect: { anonymous: 401, student: 200, other: 404, admin: 404 },
  },
  // No login: the signature is the proof, whoever sends it.
  {
    name: 'razorpay webhook',
    method: 'POST',
    url: () => API.razorpayWebhook,
    body: signedWebhook,
    headers: () => webhookHeaders,
    expect: PUBLIC,
  },
  {
    name: 'refund payment',
    method: 'POST',
    url: () => API.admin.refundPayment(ids.refundable!),
    body: () => ({ amount: 1, reason: 'matrix', revoke_access: false }),
    headers: () => ({ 'idempotency-key': 'matrix-refund' }),
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
  { name: 'reconciliation', method: 'GET', url: () => API.admin.reconciliation, expect: ADMIN_READ },
  {
    name: 'reconciliation resolve',
    method: 'POST',
    url: () => API.admin.reconciliationResolve(ids.flaggedEvent!),
    body: () => ({ action: 'resolve', note: 'matrix' }),
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
  { name: 'reconciliation sync', method: 'POST', url: () => API.admin.reconciliationSync, expect: ADMIN_READ },
  {
    name: 'program payment',
    method: 'POST',
    url: () => API.programs.payment(ids.program!),
    body: () => ({}),
    expect: { anonymous: 401, student: 201, other: 201, admin: 201 },
  },
  {
    name: 'workshop payment',
    method: 'POST',
    url: () => API.workshops.payment(ids.workshop!),
    body: () => ({}),
    expect: { anonymous: 401, student: 201, other: 201, admin: 201 },
  },
  {
    name: 'counseling',
    method: 'POST',
    url: () => API.counseling.create,
    body: () => ({ name: 'N', email: 'n@example.in', phone: '9876543210' }),
    expect: { anonymous: 201, student: 201, other: 201, admin: 201 },
  },
  {
    name: 'password reset request',
    method: 'POST',
    url: () => API.passwordReset,
    body: () => ({ email: 'someone@example.in' }),
    expect: { anonymous: 202, student: 202, other: 202, admin: 202 },
  },
  {
    name: 'password reset confirm (unknown token)',
    method: 'POST',
    url: () => API.passwordResetConfirm,
    body: () => ({ token: 'unknown', password: 'N3w-password!' }),
    expect: { anonymous: 400, student: 400, other: 400, admin: 400 },
  },
  { name: 'config', method: 'GET', url: () => API.config, expect: PUBLIC },
  { name: 'health', method: 'GET', url: () => API.health, expect: PUBLIC },
  { name: 'openapi', method: 'GET', url: () => API.openapi, expect: PUBLIC },
];

describe('access matrix', () => {
  const cases = ROWS.flatMap((row) =>
    CALLERS.map((caller) => ({
      ...row,
      caller,
      status: row.expect[caller === 'deactivated' ? 'anonymous' : caller],
    })),
  );
  it.each(cases)('$method $name as $caller → $status', async ({ method, url, body, headers, caller, status }) => {
    const payload = body?.();
    const res = await ctx.request({
      method,
      url: url(),
      token: who[caller]?.access ?? null,
      body: payload,
      headers: headers?.(),
    });
    expect(res.status).toBe(status);
    if (status === 401)
      expect(res.body).toEqual({
        detail: caller === 'deactivated' ? SERVER_MESSAGES.tokenInvalid : SERVER_MESSAGES.notAuthenticated,
      });
    if (status === 403) expect(res.body).toEqual({ detail: SERVER_MESSAGES.forbidden });
    if (status === 404) expect(res.body).toEqual({ detail: SERVER_MESSAGES.notFound });
  });
});
