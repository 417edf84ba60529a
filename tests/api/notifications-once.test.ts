import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOTIFY_PATHS as P } from '../../contract/index.ts';
import { notify } from '../../server/domains/notifications/service.ts';
import { setClock } from '../../server/platform/lib/clock.ts';
import { messagingApp, optIn } from './support/messaging-app.ts';
import { notifyWorld } from './support/notify-fixtures.ts';
import { placementStudents } from './support/placement-fixtures.ts';

/**
 * At most once per channel with two workers (two server processes on one database), and a message whose
 * filled text links outside the institute refused before the provider, with the reason, falling back.
 */
let m: Awaited<ReturnType<typeof messagingApp>>;
let w: Awaited<ReturnType<typeof notifyWorld>>;

beforeAll(async () => {
  m = await messagingApp();
  w = await notifyWorld(m.ctx, 'once');
  setClock(() => Date.parse('2030-03-04T06:30:00Z')); // 12:00 IST
});
afterAll(async () => {
  setClock(null);
  await m?.close();
});

it('two workers claiming together send each of 40 students’ WhatsApp messages exactly once', async () => {
  const students = [];
  for (let i = 0; i < 40; i++) students.push(await m.ctx.user(`oncestudent${i}`));
  await placementStudents(
    m.ctx.db,
    w.batchA,
    students.map((s) => s.id),
    { status: 'active' },
  );
  for (const [i, s] of students.entries()) await optIn(m.ctx, s, `98760${String(i).padStart(5, '0')}`);
  const res = await m.ctx.request({
    method: 'POST',
    url: P.announcements(w.batchA),
    token: w.instructor.access,
    body: { title: 'Mock test on Friday', body: 'Bring your calculator.' },
  });
  expect(res.status).toBe(201);
  await Promise.all([m.worker().runOnce(), m.worker().runOnce()]);
  await m.sandbox.idle();
  const numbers = m.sandbox.sent.filter((s) => s.channel === 'whatsapp').map((s) => s.to);
  expect(numbers).toHaveLength(40);
  expect(new Set(numbers).size).toBe(40);
});

it('a message linking outside the institute is refused before the provider and falls back', async () => {
  await optIn(m.ctx, w.student, '9876511111', { email: false, whatsapp: true, sms: false });
  const before = m.sandbox.sent.length;
  const id = await notify(m.ctx.db, w.student.id, {
    event: 'certificate_issued',
    title: 'Your certificate is ready',
    body: 'See it.',
    vars: { name: 'Asha', program: 'Credit', link: 'https://evil.example/phish' },
  });
  await m.worker().runOnce();
  await m.worker().runOnce();
  expect(m.sandbox.sent.length).toBe(before);
  const rows = await m.ctx.db
    .selectFrom('message_outbox')
    .selectAll()
    .where('notification_id', '=', id)
    .orderBy('id')
    .execute();
  expect(rows.map((r) => [r.channel, r.status])).toEqual([
    ['whatsapp', 'refused'],
    ['sms', 'refused'],
    ['email', 'sent'],
  ]);
  expect(rows[0]!.last_error).toContain('links outside the institute');
});
