import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MFA_MESSAGES, NOTIFY_PATHS, SERVER_MESSAGES } from '../../contract/index.ts';
import {
  accessClassOf,
  ADMIN_ROUTE_CLASSES,
  isAdminPath,
  type AccessClass,
} from '../../server/platform/lib/step-up-classes.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { enrolTotp, useCodeClock, codeAt } from './support/mfa.ts';
import { routesOf } from './support/route-table.ts';

/**
 * The one table of administrator routes (server/platform/lib/step-up-classes.ts, decision record 064), held against
 * Fastify's own route table: every administrator route is classified, every line names a route, and the
 * guard each route gets is the one its class says: an administrator with an authenticator app, signed in
 * with password and code but not stepped up, gets the step-up challenge (403 `step_up_required`, which the
 * admin panel answers with its dialog) from every step-up route before the route looks anything up, so a
 * missing record answers the challenge too, never 404.
 */

useCodeClock();

const STEP_UP_REQUIRED = { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' };
const MISSING_ID = '999999';
const withIds = (pattern: string) => pattern.replace(/:[a-z]+/g, MISSING_ID);
const entries = Object.entries(ADMIN_ROUTE_CLASSES).map(([key, accessClass]) => {
  const [method, url] = key.split(' ') as [string, string];
  return { method, url, accessClass };
});
const ofClass = (...classes: AccessClass[]) => entries.filter((entry) => classes.includes(entry.accessClass));

let ctx: TestContext;
let probes = 0;
let admin: TestUser;
let seed: string;
beforeAll(async () => {
  ctx = await createTestApp({ config: { requireAdminMfa: true, demoMode: false } });
  admin = await ctx.user('keeper', 'admin');
  ({ seed } = await enrolTotp(ctx, admin));
});
afterAll(async () => ctx?.close());
// The clock moves on between tests (useCodeClock): each test signs the administrator in afresh.
beforeEach(async () => {
  if (ctx) admin = { ...admin, ...(await ctx.app.deps.tokens.issuePair(admin.id)) };
});

const call = (method: string, url: string, token: string) =>
  ctx.request({ method: method as 'GET', url, token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });

describe('the route table', () => {
  it('classifies every route under /api/admin/ and /classroom/admin/', () => {
    const unclassified = routesOf(ctx.app)
      .filter((route) => isAdminPath(route.url) && !accessClassOf(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(unclassified).toEqual([]);
  });

  it('has no line that names no route', () => {
    const known = new Set(routesOf(ctx.app).map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(ADMIN_ROUTE_CLASSES).filter((key) => !known.has(key))).toEqual([]);
  });

  it('classifies every route elsewhere that only an administrator may call', async () => {
    const adminOnly: string[] = [];
    for (const route of routesOf(ctx.app)) {
      if (route.method === 'HEAD' || isAdminPath(route.url) || accessClassOf(route.method, route.url)) continue;
      if (route.url.startsWith('/gateway-sandbox/') || route.url === '/api/payments/razorpay/webhook/') continue;
      // The unread count's event stream stays open for as long as its caller listens (any signed-in user).
      if (route.url === NOTIFY_PATHS.stream) continue;
      // A fresh student and instructor for each call: a call may sign its caller out or ask for erasure.
      const refusals = [];
      for (const role of ['student', 'instructor'] as const) {
        const caller = await ctx.user(`probe${role[0]}${probes++}`, role);
        const res = await call(route.method, withIds(route.url), caller.access);
        refusals.push(res.status === 403 && (res.body as { detail?: string }).detail === SERVER_MESSAGES.forbidden);
      }
      if (refusals.every(Boolean)) adminOnly.push(`${route.method} ${route.url}`);
    }
    expect(adminOnly).toEqual([]);
  });
});

describe('an administrator with a second factor, signed in but not stepped up', () => {
  it.each(ofClass('step-up', 'export-step-up'))('$method $url answers the step-up challenge', async (route) => {
    const res = await call(route.method, withIds(route.url), admin.access);
    expect(res.status, res.raw).toBe(403);
    expect(res.body).toEqual(STEP_UP_REQUIRED);
  });

  it.each(ofClass('read', 'plain-write'))('$method $url is not held for a step-up', async (route) => {
    const res = await call(route.method, withIds(route.url), admin.access);
    expect(res.body, res.raw).not.toEqual(STEP_UP_REQUIRED);
    expect(res.status).toBeLessThan(500);
  });

  it('reads the GSTR-1 totals on screen, but downloads its files only after a step-up', async () => {
    const summary = await call('GET', '/api/admin/gst/gstr1/?period=2026-04&format=summary', admin.access);
    expect(summary.body).not.toEqual(STEP_UP_REQUIRED);
    for (const query of ['format=json', 'format=csv&table=b2b', '']) {
      const file = await call('GET', `/api/admin/gst/gstr1/?period=2026-04&${query}`, admin.access);
      expect(file.body, query).toEqual(STEP_UP_REQUIRED);
    }
  });

  it('refuses a student and an instructor before any step-up question', async () => {
    for (const role of ['student', 'instructor'] as const) {
      const caller = await ctx.user(`other${role}`, role);
      for (const route of ofClass('step-up')) {
        const res = await call(route.method, withIds(route.url), caller.access);
        expect(res.status, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(res.body).toEqual({ detail: SERVER_MESSAGES.forbidden });
      }
    }
  });
});

describe('the same administrator after a step-up', () => {
  it.each(ofClass('step-up', 'export-step-up'))('$method $url goes on to the route itself', async (route) => {
    if (!(await stepUp())) throw new Error('step-up refused');
    const res = await call(route.method, withIds(route.url), admin.access);
    expect(res.body, res.raw).not.toEqual(STEP_UP_REQUIRED);
    expect(res.status).toBeLessThan(500);
  });
});

/** A proof with this test's code (each test has a time step of its own). */
async function stepUp(): Promise<boolean> {
  const res = await ctx.request({
    method: 'POST',
    url: '/auth/step-up/',
    token: admin.access,
    body: { code: codeAt(seed) },
  });
  return res.status === 200;
}
