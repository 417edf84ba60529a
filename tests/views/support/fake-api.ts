import { vi } from 'vitest';
import { API, SERVER_MESSAGES, STORY_PATHS, type AppConfig, type User } from '../../../contract/index.ts';
import { NOTIFY_PATHS } from '../../../contract/notifications.ts';
import { OPENING_PATHS, PLACEMENT_PATHS } from '../../../contract/placement-paths.ts';
import { ASSESSMENT_PATHS } from '../../../contract/assessment-paths.ts';
import { placementSummary } from './fixtures.ts';

/**
 * The API faked at the network boundary: a fetch that answers by "METHOD /path/" with contract-shaped
 * data. Everything above fetch (API client, token refresh, machines, views) is the real app.
 */
export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | null;
  /** The Idempotency-Key header (refunds), or null. */
  idempotencyKey: string | null;
};
/** `eventStream`: the answer is server-sent events, written by the test (eventStream() below). */
export type FakeResponse = { status?: number; body?: unknown; eventStream?: ReadableStream<Uint8Array> };
export type Handler = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

export const ok = (body: unknown): FakeResponse => ({ status: 200, body });
export const fail = (status: number, body: unknown): FakeResponse => ({ status, body });
export const unauthorized = fail(401, { detail: SERVER_MESSAGES.tokenInvalid });
export const serverError = fail(500, { detail: SERVER_MESSAGES.serverError });

/** A text/event-stream answer the test writes to as it goes (`send` an event's text, `end` it). */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: { status: 200, eventStream: stream } as FakeResponse,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** A response the test releases later: for "while loading" assertions. */
export function deferred() {
  let release: (response: FakeResponse) => void = () => undefined;
  const promise = new Promise<FakeResponse>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

export type FakeApi = {
  calls: FakeRequest[];
  on(route: string, handler: Handler): void;
  callsTo(route: string): FakeRequest[];
};

type Options = {
  user?: User | null;
  demo?: boolean;
  pricing?: Pick<AppConfig, 'prices_include_gst' | 'institute_state_code'>;
};

/** GET /api/config/'s pricing facts by default: the demo's (GST-inclusive prices, institute in Maharashtra). */
export const DEFAULT_PRICING = { prices_include_gst: true, institute_state_code: '27' } as const;

/** GET /api/config/'s privacy notice version and upload limit: the demo's. */
const NOTICE = { privacy_notice_version: '2026-11', upload_max_bytes: 20 * 1024 * 1024 } as const;

export function installFakeApi(routes: Record<string, Handler> = {}, options: Options = {}): FakeApi {
  const table = new Map<string, Handler>(Object.entries(routes));
  const calls: FakeRequest[] = [];
  const PRICING = options.pricing ?? DEFAULT_PRICING;
  const defaults: Record<string, Handler> = {
    [`GET ${API.config}`]: ok(
      options.demo
        ? { demo_mode: true, demo_credentials: { username: 'admin', password: 'admin123' }, ...PRICING, ...NOTICE }
        : { demo_mode: false, demo_credentials: null, ...PRICING, ...NOTICE },
    ),
    [`GET ${API.me}`]: (request) => (request.auth && options.user ? ok(options.user) : unauthorized),
    [`POST ${API.logout}`]: { status: 204 },
    [`GET ${PLACEMENT_PATHS.summary}`]: ok(placementSummary()),
    // A student of no program batch: the dashboard shows no Placement section.
    [`GET ${PLACEMENT_PATHS.studentBatches}`]: ok([]),
    [`GET ${PLACEMENT_PATHS.studentOffers}`]: ok([]),
    [`GET ${OPENING_PATHS.studentOpenings}`]: ok([]),
    [`GET ${OPENING_PATHS.studentApplications}`]: ok([]),
    // A student with no success story: the dashboard shows no consent section (decision 079).
    [`GET ${STORY_PATHS.mine}`]: ok([]),
    // A student with no tests: the dashboard shows no Tests section.
    [`GET ${ASSESSMENT_PATHS.studentTests}`]: ok([]),
    // The header's bell of a signed-in user: nothing yet.
    [`GET ${NOTIFY_PATHS.list}`]: ok({ count: 0, unread: 0, next: null, previous: null, results: [] }),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      // An upload's FormData as it was sent (the test reads its "file").
      body:
        typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined,
      auth: headers.get('Authorization'),
      idempotencyKey: headers.get('Idempotency-Key'),
    };
    calls.push(request);
    const key = `${request.method} ${request.path}`;
    // A lesson's questions (the course page's thread): none, unless the test says otherwise.
    const lessonQuestions = /^GET \/classroom\/lessons\/\d+\/questions\/$/.test(key) ? ok([]) : undefined;
    const handler = table.get(key) ?? defaults[key] ?? lessonQuestions;
    const answer =
      handler === undefined
        ? fail(404, { detail: SERVER_MESSAGES.notFound })
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    const status = answer.status ?? 200;
    if (answer.eventStream) {
      return new Response(answer.eventStream, {
        status,
        headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
      });
    }
    if (status === 204 || answer.body === undefined) return new Response(null, { status });
    return new Response(JSON.stringify(answer.body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    on: (route, handler) => table.set(route, handler),
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
