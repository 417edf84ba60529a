import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  ASSIGNMENT_PATHS,
  DELIVERY_PATHS,
  OPENING_PATHS,
  PLACEMENT_PATHS,
  STORY_PATHS,
} from '../../contract/index.ts';
import { ASSESSMENT_PATHS } from '../../contract/assessment-paths.ts';
import { NOTIFY_PATHS } from '../../contract/notifications.ts';
import { createTestApp, TEST_DB, type TestContext } from './support/harness.ts';
import { routeHooks, type RouteHooks } from './support/route-hooks.ts';

/**
 * The hooks each hot route passes through, as Fastify will run them (decision record 069). A hook added
 * for the whole app runs on every request of these routes: adding one must change this list, in review,
 * rather than show up a month later as a slower benchmark. `onRequest` and `onSend` without another
 * name are @fastify/compress's (the programs list sends ready compressed answers and turns it off).
 */
const HOT_ROUTES: Record<string, RouteHooks> = {
  [`GET ${API.programs.list}`]: {
    onRequest: ['securityHeaders', 'readAccessToken'],
    onSend: ['answerHeaders'],
  },
  [`GET ${API.me}`]: {
    onRequest: ['securityHeaders', 'readAccessToken', 'onRequest'],
    preHandler: ['authenticated'],
    onSend: ['answerHeaders', 'revalidateAnswer', 'onSend'],
  },
  [`GET ${API.admin.payments}`]: {
    onRequest: ['securityHeaders', 'readAccessToken', 'onRequest'],
    preHandler: ['classGuard'],
    onSend: ['answerHeaders', 'revalidateAnswer', 'onSend'],
  },
  // A mock test's start and its saves (650 a second at a batch's size): no catalogue invalidation (decision
  // record 104), and their handlers read the caller's account (decision record 103).
  [`POST ${ASSESSMENT_PATHS.startAttempt()}`]: {
    onRequest: ['securityHeaders', 'readAccessToken', 'onRequest'],
    onSend: ['answerHeaders', 'onSend'],
  },
  [`PUT ${ASSESSMENT_PATHS.answer()}`]: {
    onRequest: ['securityHeaders', 'readAccessToken', 'onRequest'],
    onSend: ['answerHeaders', 'onSend'],
  },
};

/** The routes that read multipart bodies: only they carry @fastify/multipart's hooks (plugins/uploads.ts). */
const UPLOAD_ROUTES = [
  `POST ${API.resources.file()}`,
  `PUT ${DELIVERY_PATHS.adminLessonFile()}`,
  `POST ${ASSIGNMENT_PATHS.submit()}`,
  // The question bank's CSV import (a file, or the CSV itself as text/csv).
  `POST ${ASSESSMENT_PATHS.questionImport}`,
  // Placement's résumé and offer letter (a form with the PDF, or JSON without one).
  `POST ${OPENING_PATHS.apply()}`,
  `POST ${PLACEMENT_PATHS.studentOffers}`,
  `PUT ${PLACEMENT_PATHS.offerLetter()}`,
  // The office's offer with its letter.
  `POST ${PLACEMENT_PATHS.offers}`,
  // A success story's photo.
  `PUT ${STORY_PATHS.adminPhoto()}`,
].sort();

describe(`the hooks every request passes through (${TEST_DB})`, () => {
  let ctx: TestContext;
  let hooks: Map<string, RouteHooks>;

  beforeAll(async () => {
    ctx = await createTestApp();
    hooks = routeHooks(ctx.app);
  });
  afterAll(async () => ctx?.close());

  it('the programs list, /me, the admin payments list, a start and a save pass through the listed hooks and no other', () => {
    for (const [route, expected] of Object.entries(HOT_ROUTES)) {
      expect({ route, hooks: hooks.get(route) }).toEqual({ route, hooks: expected });
    }
  });

  it('the unread stream passes no compression and no revalidation: either would hold its events back', () => {
    // One request for the stream's whole life: its one log line is written when it ends (decision record 080).
    expect(hooks.get(`GET ${NOTIFY_PATHS.stream}`)).toEqual({
      onRequest: ['securityHeaders', 'readAccessToken'],
      preHandler: ['authenticated'],
      onSend: ['answerHeaders'],
    });
    expect(hooks.has(`HEAD ${NOTIFY_PATHS.stream}`)).toBe(false);
  });

  it('only the upload routes parse multipart, so no other route runs its asynchronous hooks', () => {
    const withOnResponse = [...hooks].filter(([, of]) => of.onResponse?.length).map(([route]) => route);
    expect(withOnResponse.sort()).toEqual(UPLOAD_ROUTES);
    for (const route of UPLOAD_ROUTES) expect(hooks.get(route)?.onRequest).toContain('anonymous');
  });

  it('writes are never revalidated, and no route empties the catalogue cache: the version read keeps it current', () => {
    expect(hooks.size).toBeGreaterThan(100);
    for (const [route, of] of hooks) {
      const read = route.startsWith('GET ') || route.startsWith('HEAD ');
      expect({ route, onSend: of.onSend?.filter((h) => /catalogue/i.test(h)) ?? [] }).toEqual({ route, onSend: [] });
      if (!read)
        expect({ route, revalidates: of.onSend?.includes('revalidateAnswer') }).toEqual({ route, revalidates: false });
    }
  });

  it('a multipart body sent to a JSON route is refused with 415 and a JSON message', async () => {
    const form = new FormData();
    form.append('username', 'admin');
    form.append('password', 'admin123');
    const res = await fetch(`${ctx.url}${API.token}`, { method: 'POST', body: form });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ detail: 'Unsupported media type.' });
  });
});
