/**
 * `npm run smoke:cluster`: the several-machines recipe of docs/operations.md, run on this machine. Two
 * instances (`server/server.ts`, as `npm start` runs it) on one fresh PostgreSQL database, sharing one
 * UPLOAD_DIR, with TRUST_PROXY=1, behind Debian's nginx using deploy/nginx/ccinstitute-proxy.conf (nginx is
 * installed with apt-get when missing); the Razorpay-shaped sandbox and an SMTP inbox run in this process.
 * Checks through the proxy: readiness, the catalogue (compressed by the app), logins, client addresses and
 * request ids, the unread stream (unbuffered, an announcement on it), a write through one instance seen by
 * the other at once, a resource file uploaded through one and served by the other, a payment through the
 * sandbox completed once, and each email sent once although both instances run the outbox. Prints each
 * check and ends with `N passed, M failed` (exit 1 on a failure).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, DELIVERY_PATHS } from '../contract/index.ts';
import { startSandboxGateway } from '../server/domains/payments/gateway/sandbox.ts';
import { pgAdmin, startServerProcess, type ServerProcess } from '../tests/api/support/server-process.ts';
import { freePort } from '../tests/support/server-spawn.ts';
import { startInbox } from '../tests/api/support/smtp.ts';
import { startNginx, type Proxy } from './cluster/nginx.ts';
import { enrollmentsOf, streamThroughProxy } from './cluster/stream.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let passed = 0;
let failed = 0;
function check(what: string, ok: boolean, detail = ''): void {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `: ${detail}`}`);
}

type Answer = { status: number; headers: Headers; body: unknown };
async function call(
  base: string,
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body };
}

/** A program's fields an update sends back (ProgramInput's, less the instructor, which stays as it is). */
const INPUT_FIELDS = [
  'title',
  'subtitle',
  'description',
  'level',
  'category',
  'target_audience',
  'price',
  'original_price',
  'duration_weeks',
  'avg_salary',
  'is_featured',
  'is_flagship',
  'is_active',
];

/** Each instance writes its request lines at least once a second. */
const logsWritten = () => new Promise((resolve) => setTimeout(resolve, 1200));

type LogLine = { pid: number; reqId?: string; url?: string; ip?: string; msg?: string };
const linesOf = (instance: ServerProcess): LogLine[] =>
  instance
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

async function main(): Promise<void> {
  const name = `smoke_cluster_${randomBytes(5).toString('hex')}`;
  await pgAdmin(`CREATE DATABASE ${name}`, PG_URL);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${name}`;
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-uploads-'));
  const gateway = await startSandboxGateway({
    keyId: 'rzp_test_cluster',
    keySecret: 'cluster-key-secret',
    webhookSecret: 'cluster-webhook-secret',
  });
  const inbox = await startInbox();
  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  gateway.sandbox.setWebhookUrl(`${proxyUrl}${API.razorpayWebhook}`);
  const env = {
    DATABASE_URL: dbUrl.toString(),
    DEMO_MODE: '1',
    TRUST_PROXY: '1',
    LOG_REQUESTS: '1',
    UPLOAD_DIR: uploads,
    RAZORPAY_API_BASE: gateway.url,
    RAZORPAY_KEY_ID: gateway.sandbox.keyId,
    RAZORPAY_KEY_SECRET: gateway.sandbox.keySecret,
    RAZORPAY_WEBHOOK_SECRET: gateway.sandbox.webhookSecret,
    SMTP_URL: inbox.url,
    MAIL_POLL_MS: '100',
    PUBLIC_BASE_URL: proxyUrl,
    PUBLIC_URL: proxyUrl,
  };
  const instances: ServerProcess[] = [];
  let proxy: Proxy | undefined;
  try {
    // The first instance migrates and seeds the empty database; the second finds it ready.
    instances.push(await startServerProcess(env));
    instances.push(await startServerProcess(env));
    const [a, b] = instances as [ServerProcess, ServerProcess];
    proxy = await startNginx(proxyPort, [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
    await smoke(proxy.url, a, b, gateway.sandbox, inbox);
  } finally {
    for (const instance of instances) await instance.stop();
    await proxy?.stop();
    await gateway.close();
    await inbox.close();
    fs.rmSync(uploads, { recursive: true, force: true });
    await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, PG_URL);
  }
}

type Sandbox = Awaited<ReturnType<typeof startSandboxGateway>>['sandbox'];
type Inbox = Awaited<ReturnType<typeof startInbox>>;

async function smoke(proxy: string, a: ServerProcess, b: ServerProcess, sandbox: Sandbox, inbox: Inbox) {
  const ready = await Promise.all([1, 2, 3, 4].map(() => call(proxy, '/api/ready/')));
  check(
    'GET /api/ready/ through the proxy',
    ready.every((r) => r.status === 200),
  );

  const list = await call(proxy, API.programs.list, { headers: { 'accept-encoding': 'br' } });
  const programs = list.body as Array<{ id: number; price: number; title: string }>;
  check('the catalogue through the proxy', list.status === 200 && programs.length > 0, `status ${list.status}`);
  check('compressed once, by the app (nginx passes it on)', list.headers.get('content-encoding') === 'br');

  const login = async (username: string, password: string) =>
    (await call(proxy, API.token, { method: 'POST', body: { username, password } })).body as { access?: string };
  const admin = (await login('admin', 'admin123')).access ?? '';
  const student = (await login('student', 'student123')).access ?? '';
  check('logins through the proxy (administrator and student)', admin !== '' && student !== '');
  await streamThroughProxy(proxy, student, admin, check);

  // The client's address is the one nginx saw, never one the client wrote; the request id is nginx's.
  const forged = await call(proxy, API.me, { token: student, headers: { 'x-forwarded-for': '198.51.100.7' } });
  const reqId = forged.headers.get('x-request-id') ?? '';
  await logsWritten();
  const logged = [...linesOf(a), ...linesOf(b)].find((line) => line.reqId === reqId && line.msg === 'request');
  check(
    'the request id is nginx\u2019s $request_id, on the app\u2019s log line',
    /^[0-9a-f]{32}$/.test(reqId) && !!logged,
  );
  check(
    'the client address is the one nginx saw, not a forged X-Forwarded-For',
    logged?.ip === '127.0.0.1',
    logged?.ip,
  );

  const program = programs[0]!;
  const detail = (await call(proxy, API.programs.detail(program.id))).body as Record<string, unknown>;
  const input = Object.fromEntries(Object.entries(detail).filter(([key]) => INPUT_FIELDS.includes(key)));
  let agreed = 0;
  for (let round = 1; round <= 20; round++) {
    const [writer, reader] = round % 2 ? [a, b] : [b, a];
    const price = program.price + round;
    const put = await call(writer.base, API.programs.update(program.id), {
      method: 'PUT',
      token: admin,
      body: { ...input, price, original_price: Math.max(Number(input.original_price), price) },
    });
    const [seen, page] = await Promise.all([
      call(reader.base, API.programs.list),
      call(reader.base, API.programs.detail(program.id)),
    ]);
    const listed = (seen.body as Array<{ id: number; price: number }>).find((p) => p.id === program.id)?.price;
    if (put.status === 200 && listed === price && (page.body as { price: number }).price === price) agreed++;
  }
  check(
    'a price changed through one instance is in the other\u2019s list and page at once (20 of 20)',
    agreed === 20,
    `${agreed} of 20`,
  );

  const answeredBy = (instance: ServerProcess) => linesOf(instance).filter((l) => l.url === API.programs.list).length;
  const before = [answeredBy(a), answeredBy(b)];
  await Promise.all(Array.from({ length: 8 }, () => call(proxy, API.programs.list)));
  await logsWritten();
  check('nginx spreads requests over both instances', answeredBy(a) > before[0]! && answeredBy(b) > before[1]!);

  await uploadThroughOneServeThroughOther(a, b, admin);
  const enrolled = new Set((await enrollmentsOf(proxy, student)).map((row) => row.course));
  const open = programs.find((p) => !enrolled.has(p.id));
  if (open) await payThroughSandbox(proxy, student, open.id, sandbox, inbox);
  else check('a program the demo student has not enrolled in, to pay for', false);
}

async function uploadThroughOneServeThroughOther(a: ServerProcess, b: ServerProcess, admin: string) {
  const resources = (await call(a.base, API.resources.list)).body as Array<{ id: number }>;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'notes.pdf');
  const res = await fetch(`${a.base}${API.resources.file(resources[0]!.id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const link = ((await res.json()) as { file?: string }).file ?? '';
  const served = link ? await fetch(`${b.base}${link}`) : null;
  const bytes = served?.ok ? Buffer.from(await served.arrayBuffer()) : Buffer.alloc(0);
  check(
    'a file uploaded through one instance is served by the other (shared UPLOAD_DIR)',
    bytes.equals(pdf),
    `${res.status} ${link}`,
  );
}

async function payThroughSandbox(proxy: string, student: string, programId: number, sandbox: Sandbox, inbox: Inbox) {
  // The demo's programs have open batches: the checkout asks for one, and so does this payment.
  type Open = { id: number; seats_left: number };
  const open = (await call(proxy, DELIVERY_PATHS.programBatches(programId))).body as Open[];
  const batch = open.find((b) => b.seats_left > 0)?.id;
  const start = await call(proxy, API.programs.payment(programId), {
    method: 'POST',
    token: student,
    body: { payment_method: 'upi', ...(batch ? { batch } : {}) },
  });
  const payment = start.body as { id: number; gateway?: { order_id: string } | null };
  const orderId = payment.gateway?.order_id;
  check(
    'a payment starts through the proxy with a sandbox order',
    start.status === 201 && !!orderId,
    `${start.status} ${JSON.stringify(start.body)}`,
  );
  if (!orderId) return;
  // What the sandbox's checkout page does when the student pays; its webhook goes to the proxy.
  const paid = sandbox.checkout({ order_id: orderId, method: 'card', card_number: '4111 1111 1111 1111' });
  await sandbox.idle();
  check('the sandbox took the payment', !('invalid' in paid));
  const complete = await call(proxy, API.payments.complete(payment.id), { method: 'POST', token: student });
  check(
    'the payment completes through the proxy',
    complete.status === 200 && (complete.body as { payment?: { status?: string } }).payment?.status === 'completed',
    `${complete.status} ${JSON.stringify(complete.body).slice(0, 200)}`,
  );
  const enrollments = await Promise.all([1, 2].map(() => call(proxy, API.enrollments.list, { token: student })));
  const counts = enrollments.map((e) => {
    const body = e.body as
      Array<{ course: number; course_type: string }> | { results: Array<{ course: number; course_type: string }> };
    const rows = Array.isArray(body) ? body : body.results;
    return rows.filter((row) => row.course === programId && row.course_type === 'program').length;
  });
  check(
    'one enrollment, seen through both instances',
    counts.every((n) => n === 1),
    counts.join(','),
  );

  // Both instances run the outbox: every email goes out once (FOR UPDATE SKIP LOCKED claims). Password
  // resets asked for through the proxy add emails committed by either instance.
  const { email } = (await call(proxy, API.me, { token: student })).body as { email: string };
  for (let i = 0; i < 3; i++) await call(proxy, API.passwordReset, { method: 'POST', body: { email } });
  await inbox.waitFor(4);
  await new Promise((r) => setTimeout(r, 1500));
  const ids = inbox.messages.map((m) => m.messageId);
  check(
    `each email sent once by the two outbox workers (${ids.length} sent)`,
    new Set(ids).size === ids.length,
    ids.join(' '),
  );
}

main().then(
  () => {
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
  },
  (error: unknown) => {
    console.error(error);
    console.log(`\n${passed} passed, ${failed + 1} failed`);
    process.exit(1);
  },
);
