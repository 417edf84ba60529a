import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, NOTIFY_PATHS as P, type Role } from '../../contract/index.ts';
import { testConfig } from '../../server/config.ts';
import { hashPassword } from '../../server/platform/lib/passwords.ts';
import { createUnreadHub } from '../../server/domains/notifications/stream.ts';
import { createStreamRepository, type StreamRepository } from '../../server/domains/notifications/stream-repository.ts';
import { openStream, type OpenStream } from './support/event-stream.ts';
import { createTestApp, TEST_DB, type TestContext, type TestUser } from './support/harness.ts';
import { notifyWorld } from './support/notify-fixtures.ts';
import { twoInstances, type TwoInstances } from './support/two-instances.ts';

/**
 * The unread count as server-sent events over real HTTP (decision record 080): the stream starts with the
 * count, a notification for the user arrives as an event and one for somebody else does not; the stream is
 * refused without a login and past the per-user bound, ends when its login ends or its token expires, and
 * writes one log line, not one per heartbeat. Then two instances on one database: a notification written
 * through one reaches a stream on the other.
 */
const STREAM = { perUser: 2, pollMs: 200, heartbeatMs: 1000 };
const lines: string[] = [];
let ctx: TestContext;
let w: Awaited<ReturnType<typeof notifyWorld>>;
const opened: OpenStream[] = [];

const open = async (token: string | null, base = ctx.url) => {
  const stream = await openStream(base, token);
  opened.push(stream);
  return stream;
};
const announce = async (title: string) => {
  const res = await ctx.request({
    method: 'POST',
    url: P.announcements(w.batchA),
    token: w.instructor.access,
    body: { title, body: 'Thursday at 19:00 IST.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

beforeAll(async () => {
  ctx = await createTestApp({
    config: { logger: true, notify: { ...testConfig().notify, stream: STREAM } },
    logStream: { write: (line) => void lines.push(line) },
  });
  w = await notifyWorld(ctx, 'sse');
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await ctx?.close();
});

describe(`the unread stream (${TEST_DB})`, () => {
  it('refuses anonymous and a bad token with 401 JSON, not a stream', async () => {
    for (const token of [null, 'not-a-token']) {
      const refused = await open(token);
      expect(refused.status).toBe(401);
      expect(refused.refusal).toMatchObject({ detail: expect.any(String) });
    }
  });

  it('starts with the count; an announcement to the student arrives, the other batch’s student hears nothing', async () => {
    const student = await open(w.student.access);
    expect(student.status).toBe(200);
    expect(student.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(student.headers.get('x-accel-buffering')).toBe('no');
    expect(student.headers.get('cache-control')).toBe('no-store');
    expect(student.headers.get('content-encoding')).toBeNull();
    const first = await student.next(() => true);
    expect(first).toEqual({ unread: 0, latest_id: null });
    expect(student.retry).toBe(3000);
    const outsider = await open(w.outsider.access);
    await outsider.next(() => true);

    await announce('Class moved to Thursday');
    const raised = await student.next((e) => e.unread === 1, 15_000);
    expect(raised.latest_id).toEqual(expect.any(Number));
    // A heartbeat later the outsider still has only the first event.
    await outsider.next(() => true, 15_000, 0);
    await new Promise((resolve) => setTimeout(resolve, STREAM.heartbeatMs + 300));
    expect(outsider.events).toEqual([{ unread: 0, latest_id: null }]);
    expect(outsider.comments).toContain('heartbeat');
    outsider.close();

    // Read here: the stream tells the count at once.
    const read = await ctx.request({ method: 'POST', url: P.read, token: w.student.access, body: { all: true } });
    expect(read.status).toBe(200);
    await student.next((e) => e.unread === 0, 15_000);
    student.close();
  });

  it('a user has at most NOTIFY_STREAM_PER_USER streams: one more is 429; closing one makes room', async () => {
    const a = await open(w.classmate.access);
    const b = await open(w.classmate.access);
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await open(w.classmate.access);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('60');
    expect(third.refusal).toEqual({ detail: expect.stringContaining('too many tabs') });
    a.close();
    let again = third;
    for (let i = 0; i < 50 && again.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await open(w.classmate.access);
    }
    expect(again.status).toBe(200);
    b.close();
    again.close();
  });

  // The waits for an end are hang guards (15 s), not timings: the login's token lives for minutes, so an end
  // within them is the sign-out's (found at a heartbeat), and a loaded machine may take seconds per heartbeat.
  it('ends the stream when its login is signed out (at a heartbeat), and at its token’s expiry', async () => {
    const user = await ctx.user('sseleaver');
    const stream = await open(user.access);
    await stream.next(() => true);
    const out = await ctx.request({ method: 'POST', url: API.logout, body: { refresh: user.refresh } });
    expect(out.status).toBe(204);
    expect(await stream.ended(15_000)).toBe(true);
    // The access token is still unexpired, but its login has ended: no new stream.
    expect((await open(user.access)).status).toBe(401);

    const other = await ctx.user('sseshort');
    // A token with 2 to 3 seconds left (its expiry is in whole seconds).
    const short = ctx.app.deps.tokens.sign('access', other.id, 'short-lived-jti', 3);
    const expiring = await open(short);
    await expiring.next(() => true);
    expect(await expiring.ended(300)).toBe(false);
    expect(await expiring.ended(15_000)).toBe(true);
  });

  it('logs one line per stream, when it ends: no line per heartbeat', async () => {
    const streamsLogged = () =>
      lines
        .filter((line) => line.includes(`"url":"${P.stream}"`))
        .filter((line) => (JSON.parse(line) as { status: number }).status === 200).length;
    // Every stream above (seven answered 200) has ended, closed by the test or the server; each writes one
    // line when the server sees its end, which on a loaded machine may come a moment after the client's close.
    for (let waited = 0; streamsLogged() < 7 && waited < 15_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(streamsLogged()).toBe(7);
    expect(lines.some((line) => line.includes('heartbeat'))).toBe(false);
  });
});

describe(`the watcher of one process's streams (${TEST_DB})`, () => {
  // Fixes the interleaving with held reads, not timing: the watcher's look has read the newest id and waits;
  // meanwhile the last stream goes, so the watcher stops; then the look goes on. The next stream must start
  // the watcher again. It did not when the look set its "highest" after the stop: that stream got its first
  // event and then no heartbeat, no news and no end at a sign-out (what CI once saw as a stream a sign-out
  // never ended).
  it('starts again for the next stream when the last one went while a look was reading', async () => {
    const real = createStreamRepository(ctx.db);
    let gate: { reached: () => void; held: Promise<void> } | null = null;
    const seconds: Promise<unknown>[] = [];
    const repo: StreamRepository = {
      ...real,
      async highest() {
        const newest = await real.highest();
        if (!gate) return newest;
        const { reached, held } = gate;
        gate = null;
        reached();
        await held;
        return newest + 1;
      },
      newestSince(after) {
        const rows = real.newestSince(after);
        seconds.push(rows);
        return rows;
      },
    };
    const warnings: unknown[] = [];
    const hub = createUnreadHub({
      db: ctx.db,
      config: { perUser: 2, pollMs: 20, heartbeatMs: 50 },
      warn: (_what, error) => void warnings.push(error),
      repo,
    });
    const user = await ctx.user('ssewatcher');
    try {
      const first = await hub.open(user.id, null, 'Bearer none');
      let release = () => {};
      await new Promise<void>((reached) => {
        gate = { reached, held: new Promise<void>((resolve) => (release = resolve)) };
      });
      // The look is reading. The last stream goes: the watcher stops (its close listener ran first).
      await new Promise((resolve) => {
        first.once('close', resolve);
        first.destroy();
      });
      release();
      // The look goes on from its read (no more database work unless it reads on, which it must not).
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(seconds);
      await new Promise((resolve) => setImmediate(resolve));

      const second = await hub.open(user.id, null, 'Bearer none');
      let text = '';
      second.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      // A hang guard: heartbeats come every 50 ms while the watcher runs.
      for (let waited = 0; !text.includes(': heartbeat') && waited < 5_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(text).toContain('event: unread');
      expect(text).toContain(': heartbeat');
      expect(seconds).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      hub.close();
    }
  });
});

describe(`two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let two: TwoInstances;
  let base: string;
  let world: Awaited<ReturnType<typeof notifyWorld>>;

  beforeAll(async () => {
    two = await twoInstances();
    const [a, b] = two.apps as [TwoInstances['apps'][0], TwoInstances['apps'][0]];
    base = await b.listen({ port: 0, host: '127.0.0.1' });
    const db = two.handles[0]!.db;
    const passwordHash = await hashPassword('password123');
    let n = 0;
    const user = async (username: string, role: Role = 'student'): Promise<TestUser> => {
      const row = await db
        .insertInto('users')
        .values({
          ...{ username, email: `${username}.${++n}@example.in`, first_name: username, last_name: 'Tester' },
          ...{ password_hash: passwordHash, role, created_at: new Date().toISOString() },
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, username, password: 'password123', ...(await a.deps.tokens.issuePair(row.id)) };
    };
    world = await notifyWorld({ db, user: user as TestContext['user'] }, 'two');
  });
  afterAll(async () => two?.close());

  it('a notification written through instance A reaches the stream on instance B; a shutdown ends it', async () => {
    const [a, b] = two.apps as [TwoInstances['apps'][0], TwoInstances['apps'][0]];
    const stream = await open(world.student.access, base);
    expect(await stream.next(() => true)).toEqual({ unread: 0, latest_id: null });
    const res = await a.inject({
      method: 'POST',
      url: P.announcements(world.batchA),
      headers: { authorization: `Bearer ${world.instructor.access}` },
      payload: { title: 'Through A', body: 'Seen on B.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await stream.next((e) => e.unread === 1, 15_000);

    // Written by another process (no news in this one): B's watcher finds it in the database.
    await two.handles[0]!.db.insertInto('notifications')
      .values({
        ...{ user_id: world.student.id, kind: 'announcements', event: 'announcement', title: 'Elsewhere' },
        ...{ body: 'Written by another process.', link: null, created_at: new Date().toISOString() },
      })
      .execute();
    await stream.next((e) => e.unread === 2, 15_000);

    // B shuts down with the stream open: the stream ends and the close does not wait for it. Left alone, the
    // stream would live for minutes (its token's life), so 10 s is a hang guard that still tells them apart.
    const started = Date.now();
    await b.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await stream.ended(15_000)).toBe(true);
  });
});
