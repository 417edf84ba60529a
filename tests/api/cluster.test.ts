import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SERVER_MESSAGES } from '../../contract/index.ts';
import { programInput, workshopInput } from './support/fixtures.ts';
import { startSandboxGateway } from '../../server/domains/payments/gateway/sandbox.ts';
import { TEST_DB } from './support/harness.ts';
import { call, callOn, serverDatabase, startServerProcess, type ServerProcess } from './support/server-process.ts';
import { argvOf } from '../support/server-spawn.ts';
import { SERVER_NODE_FLAGS } from '../../server/platform/node-flags.ts';
import { withChildren } from '../../scripts/bench/exam-cost.ts';

/**
 * WEB_CONCURRENCY=2: two server processes (node:cluster) share the port and one database (a SQLite file in
 * WAL mode, or one PostgreSQL database). The payment rules hold whichever process answers each racer.
 * The gateway is the sandbox on its own port (RAZORPAY_API_BASE), as a real gateway is to every process;
 * its webhooks are off, so each completion rests on the complete/ call that asks it.
 */
describe(`two server processes on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let server: ServerProcess;
  let drop: () => Promise<void>;
  let admin: string;
  let gateway: Awaited<ReturnType<typeof startSandboxGateway>>;
  /** Pays a payment's order at the gateway as the checkout page would. */
  const pay = (started: { body: unknown }) => {
    const orderId = (started.body as { gateway: { order_id: string } }).gateway.order_id;
    const result = gateway.sandbox.checkout({ order_id: orderId, method: 'card', card_number: '4111 1111 1111 1111' });
    expect(result).toMatchObject({ ok: true });
  };
  /** The request ids of each race's requests (request lines name the route's pattern, not the payment). */
  const raced: string[][] = [];
  const idsOf = (answers: Array<{ requestId: string | null }>) => answers.flatMap((a) => a.requestId ?? []);

  beforeAll(async () => {
    gateway = await startSandboxGateway({
      keyId: 'rzp_test_cluster',
      keySecret: 'cluster-key-secret',
      webhookSecret: 'cluster-webhook-secret',
    });
    const database = await serverDatabase();
    drop = database.drop;
    server = await startServerProcess({
      RAZORPAY_API_BASE: gateway.url,
      RAZORPAY_KEY_ID: gateway.sandbox.keyId,
      RAZORPAY_KEY_SECRET: gateway.sandbox.keySecret,
      RAZORPAY_WEBHOOK_SECRET: gateway.sandbox.webhookSecret,
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '2',
      DEMO_MODE: '1',
      // The racers' connections are opened one by one before each race (openConnections) and kept until it.
      KEEP_ALIVE_TIMEOUT_SECONDS: '60',
      // Request logs on (NODE_ENV=test would silence them): each line names the process that answered.
      NODE_ENV: 'development',
      LOG_REQUESTS: '1',
    });
    const login = await call(server.base, 'POST', API.token, { body: { username: 'admin', password: 'admin123' } });
    expect(login.status).toBe(200);
    admin = (login.body as { access: string }).access;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await gateway?.close();
    await drop?.();
  });

  /** What the server printed: each completed request's line (process and request id), and every other line. */
  function printed(): { requests: Array<{ pid: number; reqId: string }>; other: string[] } {
    const requests: Array<{ pid: number; reqId: string }> = [];
    const other: string[] = [];
    for (const line of server.output().split('\n')) {
      if (!line.startsWith('{')) {
        if (line.trim()) other.push(line);
        continue;
      }
      const entry = JSON.parse(line) as { pid: number; reqId?: string; msg?: string };
      if (entry.msg === 'request' && entry.reqId) requests.push({ pid: entry.pid, reqId: entry.reqId });
    }
    return { requests, other };
  }

  /** The process ids that logged one of the requests `ids` as completed. */
  function answeredBy(ids: string[]): Set<number> {
    return new Set(printed().requests.flatMap(({ pid, reqId }) => (ids.includes(reqId) ? [pid] : [])));
  }

  /** Each process's count of request lines, and the lines that were not JSON (a worker that exited, say). */
  function printedByProcess(): string {
    const { requests, other } = printed();
    const lines = new Map<number, number>();
    for (const { pid } of requests) lines.set(pid, (lines.get(pid) ?? 0) + 1);
    const counts = [...lines].map(([pid, n]) => `${pid}: ${n}`).join(', ');
    return `request lines by process: ${counts || 'none'}; other output: ${other.slice(0, 20).join(' | ') || 'none'}`;
  }

  /**
   * The processes that answered the requests `ids`, from their request lines. A process writes its lines out once a
   * second (or 16 KB), so this waits until every one of them has come.
   */
  async function processesOf(ids: string[]): Promise<Set<number>> {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const lines = printed().requests.filter((request) => ids.includes(request.reqId));
      if (lines.length === ids.length) return new Set(lines.map((line) => line.pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Not every request of ${ids.join(', ')} has its request line: ${printedByProcess()}`);
  }

  /**
   * `count` connections, known to reach both processes before a race is sent over them. They are opened one after
   * another, each answered before the next opens. The cluster's primary hands a new connection to a free worker in
   * turn, but a worker is free again only once it has acknowledged its last connection: on a loaded machine a
   * worker kept waiting got none of 30 connections opened in a row. So the request log is read for which process
   * answered each, and while one process holds them all, half are let go and others opened in their place.
   */
  async function openConnections(count: number): Promise<http.Agent[]> {
    const held: Array<{ agent: http.Agent; id: string }> = [];
    for (let round = 1; ; round++) {
      while (held.length < count) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const answer = await callOn(agent, server.base, 'GET', API.ready);
        expect(answer.status).toBe(200);
        held.push({ agent, id: answer.requestId ?? '' });
      }
      if ((await processesOf(held.map(({ id }) => id))).size === 2) return held.map(({ agent }) => agent);
      if (round === 20) throw new Error(`In ${round} rounds of ${count} connections one process took them all.`);
      for (const { agent } of held.splice(Math.floor(count / 2))) agent.destroy();
    }
  }

  /** `count` requests sent at once, the i-th over the i-th of `count` connections opened as above. */
  async function race<T>(count: number, send: (agent: http.Agent, i: number) => Promise<T>): Promise<T[]> {
    const agents = await openConnections(count);
    try {
      return await Promise.all(agents.map(send));
    } finally {
      for (const agent of agents) agent.destroy();
    }
  }

  async function newStudent(name: string): Promise<string> {
    const res = await call(server.base, 'POST', API.register, {
      body: {
        username: name,
        email: `${name}@example.in`,
        is_adult: true,
        password: 'long-enough-1',
        first_name: 'Racer',
        last_name: 'Student',
      },
    });
    expect(res.status).toBe(201);
    return (res.body as { access: string }).access;
  }

  it('30 concurrent completions of one payment: every answer the same payment and enrollment, one enrollment', async () => {
    const created = await call(server.base, 'POST', API.programs.create, { token: admin, body: programInput() });
    expect(created.status).toBe(201);
    const programId = (created.body as { id: number }).id;
    const student = await newStudent('cluster_payer');
    const started = await call(server.base, 'POST', API.programs.payment(programId), { token: student, body: {} });
    expect(started.status).toBe(201);
    const paymentId = (started.body as { id: number }).id;
    pay(started);

    const answers = await race(30, (agent) =>
      callOn(agent, server.base, 'POST', API.payments.complete(paymentId), { token: student }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const enrollmentIds = new Set(answers.map((a) => (a.body as { enrollment: { id: number } }).enrollment.id));
    expect(enrollmentIds.size).toBe(1);
    raced.push(idsOf(answers));

    const enrollments = await call(server.base, 'GET', API.enrollments.list, { token: student });
    expect(enrollments.body).toHaveLength(1);
    const payments = await call(server.base, 'GET', API.payments.list, { token: student });
    expect((payments.body as Array<{ status: string }>).map((p) => p.status)).toEqual(['completed']);
  }, 180_000);

  it('eight students racing for the last two workshop seats: two enrollments, the rest told it is full', async () => {
    const created = await call(server.base, 'POST', API.workshops.create, {
      token: admin,
      body: workshopInput({ max_participants: 2, price: 999 }),
    });
    expect(created.status).toBe(201);
    const workshopId = (created.body as { id: number }).id;
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => newStudent(`seat_racer_${i}`)));
    const payments = await Promise.all(
      racers.map(async (token) => {
        const res = await call(server.base, 'POST', API.workshops.payment(workshopId), { token, body: {} });
        expect(res.status).toBe(201);
        pay(res);
        return { token, id: (res.body as { id: number }).id };
      }),
    );

    const answers = await race(payments.length, (agent, i) =>
      callOn(agent, server.base, 'POST', API.payments.complete(payments[i]!.id), { token: payments[i]!.token }),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(2);
    expect(lost.map((a) => [a.status, a.body])).toEqual(Array(6).fill([400, { error: SERVER_MESSAGES.workshopFull }]));
    raced.push(idsOf(answers));

    const workshop = await call(server.base, 'GET', API.workshops.detail(workshopId));
    expect(workshop.body).toMatchObject({ current_participants: 2, max_participants: 2 });
  }, 180_000);

  it('20 concurrent refreshes of one token: one new pair, 401 for the rest, whichever process wrote them', async () => {
    // On SQLite the workers hand rotations to the primary (one writer); the rule is the same either way.
    const login = await call(server.base, 'POST', API.token, { body: { username: 'admin', password: 'admin123' } });
    const refresh = (login.body as { refresh: string }).refresh;
    const answers = await race(20, (agent) =>
      callOn(agent, server.base, 'POST', API.tokenRefresh, { body: { refresh } }),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(19);
    const successor = (won[0]!.body as { refresh: string }).refresh;
    expect(successor).not.toBe(refresh);
    // The successor rotates once more, on whichever process answers; the retired token stays refused.
    const next = await call(server.base, 'POST', API.tokenRefresh, { body: { refresh: successor } });
    expect(next.status).toBe(200);
    const again = await call(server.base, 'POST', API.tokenRefresh, { body: { refresh } });
    expect(again.status).toBe(401);
    raced.push(idsOf(answers));
  }, 180_000);

  it("each worker runs with the server's V8 flags, whatever started the primary", () => {
    // The test starts the primary without them: `node server/server.ts`, not `npm start`.
    const workers = withChildren(server.child.pid!)
      .slice(1)
      .map(argvOf)
      .filter((argv) => argv.some((arg) => arg.endsWith('server.ts') || arg.endsWith('server.mjs')));
    expect(workers).toHaveLength(2);
    for (const argv of workers) expect(argv).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });

  it('both processes answered the racers (their request logs, complete once the server has stopped)', async () => {
    await server.stop();
    const pids = new Set<number>();
    for (const ids of raced) for (const pid of answeredBy(ids)) pids.add(pid);
    expect(raced.length).toBeGreaterThan(0);
    // If not, what the processes printed says why: each one's request lines, and whatever was not a log line.
    expect(pids.size, printedByProcess()).toBe(2);
    // The payment race alone was spread over both processes.
    expect(answeredBy(raced[0]!).size, printedByProcess()).toBe(2);
  });
});
