import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_PATHS as P, type Announcement, type NotificationPage } from '../../contract/index.ts';
import { testConfig } from '../../server/config.ts';
import { fanOutAnnouncements } from '../../server/domains/notifications/announcements.ts';
import { createMessageWorker } from '../../server/domains/notifications/worker.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { notifyWorld } from './support/notify-fixtures.ts';
import { placementStudents } from './support/placement-fixtures.ts';

/**
 * An announcement to more students than NOTIFY_FANOUT_INLINE (decision record 086): the request answers with
 * the count and writes no notification; the message worker writes them, a chunk a transaction, each
 * student's once, however often it runs and however many run at once.
 */
let ctx: TestContext;
let w: Awaited<ReturnType<typeof notifyWorld>>;
let crowd: TestUser[];
beforeAll(async () => {
  ctx = await createTestApp({ config: { notify: { ...testConfig().notify, fanOutInline: 3 } } });
  w = await notifyWorld(ctx, 'fan');
  crowd = [];
  for (let i = 0; i < 5; i++) crowd.push(await ctx.user(`fancrowd${i}`));
  await placementStudents(
    ctx.db,
    w.batchA,
    crowd.map((u) => u.id),
    { status: 'active' },
  );
});
afterAll(async () => ctx?.close());

const announce = async (title: string, batch = w.batchA, who = w.instructor) => {
  const res = await ctx.request({
    method: 'POST',
    url: P.announcements(batch),
    token: who.access,
    body: { title, body: `${title}: details inside.` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Announcement;
};
/** How many notifications of this announcement's title the user has. */
const copies = async (who: TestUser, title: string) => {
  const page = (await ctx.request({ url: `${P.list}?page_size=100`, token: who.access })).body as NotificationPage;
  return page.results.filter((n) => n.title.endsWith(`: ${title}`)).length;
};
const students = () => [w.student, w.classmate, ...crowd];
const url = () => ctx.config.publicUrl;

describe('an announcement to more students than the request writes', () => {
  it('answers with the count at once; the worker writes each student’s notification and message once', async () => {
    const made = await announce('Mock test on Saturday');
    expect(made.recipients).toBe(7);
    for (const s of students()) expect(await copies(s, 'Mock test on Saturday')).toBe(0);

    // The message worker's pass writes them (three students a transaction here), then nothing more.
    expect(await fanOutAnnouncements(ctx.db, url(), 3)).toBe(7);
    expect(await fanOutAnnouncements(ctx.db, url(), 3)).toBe(0);
    for (const s of students()) expect(await copies(s, 'Mock test on Saturday')).toBe(1);
    expect(await copies(w.outsider, 'Mock test on Saturday')).toBe(0);
    const emails = await ctx.db
      .selectFrom('message_outbox')
      .innerJoin('notifications', 'notifications.id', 'message_outbox.notification_id')
      .select('message_outbox.user_id')
      .where('notifications.title', 'like', '%: Mock test on Saturday')
      .where('message_outbox.channel', '=', 'email')
      .execute();
    expect(emails.map((e) => e.user_id).sort((a, b) => a - b)).toEqual(
      students()
        .map((s) => s.id)
        .sort((a, b) => a - b),
    );
  });

  it('two passes at once (two instances) write each student’s notification once', async () => {
    await announce('Room change');
    const [a, b] = await Promise.all([fanOutAnnouncements(ctx.db, url(), 2), fanOutAnnouncements(ctx.db, url(), 2)]);
    expect(a + b).toBe(7);
    for (const s of students()) expect(await copies(s, 'Room change')).toBe(1);
  });

  it('the running message worker writes them on its pass', async () => {
    await announce('Holiday on Monday');
    const worker = createMessageWorker({
      db: ctx.db,
      dialect: ctx.app.deps.dialect,
      config: ctx.config,
      whatsapp: null,
      sms: null,
    });
    await worker.runOnce();
    await worker.stop();
    for (const s of students()) expect(await copies(s, 'Holiday on Monday')).toBe(1);
  });

  it('up to NOTIFY_FANOUT_INLINE students, the request writes them itself', async () => {
    const made = await announce('Batch B only', w.batchB, w.otherInstructor);
    expect(made.recipients).toBe(1);
    expect(await copies(w.outsider, 'Batch B only')).toBe(1);
  });

  it('exactly NOTIFY_FANOUT_INLINE students are written by the request; one more and the worker writes them', async () => {
    const more = [await ctx.user('fanedge0'), await ctx.user('fanedge1')];
    await placementStudents(
      ctx.db,
      w.batchB,
      more.map((u) => u.id),
      { status: 'active' },
    );
    const three = [w.outsider, ...more];
    expect((await announce('Three of them', w.batchB, w.otherInstructor)).recipients).toBe(3);
    for (const s of three) expect(await copies(s, 'Three of them')).toBe(1);

    const fourth = await ctx.user('fanedge2');
    await placementStudents(ctx.db, w.batchB, [fourth.id], { status: 'active' });
    expect((await announce('Four of them', w.batchB, w.otherInstructor)).recipients).toBe(4);
    for (const s of [...three, fourth]) expect(await copies(s, 'Four of them')).toBe(0);
    expect(await fanOutAnnouncements(ctx.db, url(), 3)).toBe(4);
    for (const s of [...three, fourth]) expect(await copies(s, 'Four of them')).toBe(1);
  });
});
