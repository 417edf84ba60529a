import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  PLACEMENT_MESSAGES,
  SERVER_MESSAGES,
  STORY_CONSENT_VERSION,
  STORY_MESSAGES,
  STORY_PATHS as P,
  storyConsentText,
  type AdminSuccessStory,
  type PublicSuccessStory,
  type StudentStory,
} from '../../contract/index.ts';
import { createPersonalDataRepository } from '../../server/domains/privacy/repositories/personal-data.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { placementBatch, placementOffer, placementStudents } from './support/placement-fixtures.ts';
import { rootText } from './support/server-rendering-app.ts';

/**
 * Success stories under the CCPA coaching guidelines (decision record 079): a story tells a verified offer;
 * the public answer holds only the items its student consented to, each separately, after the offer date;
 * only the story's student reads and changes the consent (anyone else, the office included, gets 404);
 * withdrawing takes the story off the list and the server-rendered page at the next request.
 */
let ctx: TestContext;
let dir: string;
let admin: TestUser;
let student: TestUser;
let other: TestUser;
let verified: number;
let claimed: number;
let rejected: number;
let storyId: number;

const ALL_OFF = { name: false, photo: false, company: false, ctc: false };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stories-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><title>Credit Careers Institute</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestApp({ config: { staticDir: dir } });
  admin = await ctx.user('storyadmin', 'admin');
  student = await ctx.user('storystudent');
  other = await ctx.user('storyother');
  const { programId } = await insertProgram(ctx.db, 'Story Program', 1);
  const batch = await placementBatch(ctx.db, programId, 'Story batch 2025', istDay(-60));
  await placementStudents(ctx.db, batch, [student.id, other.id], { status: 'completed' });
  const employer = await ctx.request({
    method: 'POST',
    url: '/api/admin/placement/employers/',
    token: admin.access,
    body: { name: 'Story Bank', sector: 'bank' },
  });
  const employerId = (employer.body as { id: number }).id;
  const offer = (status: 'verified' | 'claimed' | 'rejected', who = student.id) =>
    placementOffer(ctx.db, { student: who, batch, employer: employerId, ctc: 720_000, status });
  verified = await offer('verified');
  claimed = await offer('claimed');
  rejected = await offer('rejected');
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const story = (offerId: number, extra: object = {}) => ({
  offer_id: offerId,
  student_name: 'Meera Iyer',
  story: 'Cleared the analyst interview after the capstone.',
  photo: 'https://cdn.example.in/meera.jpg',
  is_featured: true,
  ...extra,
});
const publicList = async () =>
  (await ctx.request({ url: `${API.successStories.list}?featured=true` })).body as PublicSuccessStory[];
const consent = (token: string | undefined, id: number, body: unknown) =>
  ctx.request({ method: 'PUT', url: P.consent(id), token, body });

describe('the office writes a story by choosing a verified offer', () => {
  it('refuses a claimed or rejected offer with the rule, at offer_id', async () => {
    for (const id of [claimed, rejected]) {
      const res = await ctx.request({
        method: 'POST',
        url: API.successStories.create,
        token: admin.access,
        body: story(id),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ offer_id: [STORY_MESSAGES.offerNotVerified] });
    }
    const none = await ctx.request({
      method: 'POST',
      url: API.successStories.create,
      token: admin.access,
      body: story(999_999),
    });
    expect(none.body).toEqual({ offer_id: [STORY_MESSAGES.offerMissing] });
  });

  it('keeps the wording rule on the story text', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.successStories.create,
      token: admin.access,
      body: story(verified, { story: 'Guaranteed job after the course.' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ story: [PLACEMENT_MESSAGES.wording('Guaranteed')] });
  });

  it('creates a story on a verified offer, company and CTC taken from the offer; unpublished without consent', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.successStories.create,
      token: admin.access,
      body: story(verified, { placement_company_name: 'Typed Bank', salary: '99 LPA' }),
    });
    expect(res.status).toBe(201);
    const created = res.body as AdminSuccessStory;
    storyId = created.id;
    expect(created).toMatchObject({ offer_id: verified, placement_company_name: 'Story Bank', published: false });
    expect(created.salary).toBe('₹7,20,000 a year');
    expect(await publicList()).toEqual([]);
  });
});

describe('who reads and gives the consent', () => {
  it('anonymous 401; another student and the office see no story and get 404 on its consent', async () => {
    expect((await ctx.request({ url: P.mine })).status).toBe(401);
    expect((await consent(undefined, storyId, { ...ALL_OFF, name: true })).status).toBe(401);
    for (const caller of [other, admin]) {
      const mine = await ctx.request({ url: P.mine, token: caller.access });
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([]);
      const res = await consent(caller.access, storyId, { ...ALL_OFF, name: true });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: SERVER_MESSAGES.notFound });
    }
    expect(await publicList()).toEqual([]);
  });

  it('the story’s student sees it as it would appear, every item off, and the course beside it', async () => {
    const res = await ctx.request({ url: P.mine, token: student.access });
    const [mine] = res.body as StudentStory[];
    expect(mine).toMatchObject({
      consent: ALL_OFF,
      published: false,
      consented_at: null,
      preview: {
        id: storyId,
        student_name: 'Meera Iyer',
        placement_company_name: 'Story Bank',
        annual_ctc: 720_000,
        photo: 'https://cdn.example.in/meera.jpg',
        course: { program_title: 'Story Program', batch_name: 'Story batch 2025', paid: false, fee_paise: null },
      },
    });
  });

  it('refuses choices that are not four booleans', async () => {
    const res = await consent(student.access, storyId, { name: 'yes' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(STORY_MESSAGES.choices);
  });
});

describe('consent per item, recorded and audited', () => {
  it('publishes only the items consented: the others are absent from the public answer', async () => {
    const res = await consent(student.access, storyId, { name: false, photo: false, company: true, ctc: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ published: true, consent: { company: true, name: false } });
    const [published] = await publicList();
    expect(published).toMatchObject({ id: storyId, placement_company_name: 'Story Bank' });
    expect(Object.keys(published!)).not.toContain('student_name');
    expect(Object.keys(published!)).not.toContain('photo');
    expect(Object.keys(published!)).not.toContain('annual_ctc');
    expect(published!.course).toMatchObject({ program_title: 'Story Program', batch_name: 'Story batch 2025' });
  });

  it('keeps each item’s event with the consent records: time, version, the exact statement shown', async () => {
    const events = await ctx.db
      .selectFrom('consent_events')
      .select(['purpose', 'granted', 'notice_version', 'shown_text', 'created_at'])
      .where('user_id', '=', student.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.purpose, Number(e.granted)])).toEqual([
      [`story:${storyId}:name`, 0],
      [`story:${storyId}:photo`, 0],
      [`story:${storyId}:company`, 1],
      [`story:${storyId}:ctc`, 0],
    ]);
    const [mine] = (await ctx.request({ url: P.mine, token: student.access })).body as StudentStory[];
    const text = storyConsentText(mine!.preview, { name: false, photo: false, company: true, ctc: false });
    expect(text).toContain('"Story Bank"');
    for (const e of events) expect(e).toMatchObject({ notice_version: STORY_CONSENT_VERSION, shown_text: text });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'changes'])
      .where('entity', '=', 'success_story_consent')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(student.id);
    expect(JSON.parse(String(audit[0]!.changes))).toEqual({ company: { from: false, to: true } });
  });

  it('withdrawing takes the story off the public list and the server-rendered page at the next request', async () => {
    await consent(student.access, storyId, { name: true, photo: true, company: true, ctc: true });
    const before = await ctx.app.inject({ url: '/placement' });
    expect(rootText(before.body)).toContain('Meera Iyer');
    expect(rootText(before.body)).toContain('Cleared the analyst interview');

    const res = await consent(student.access, storyId, ALL_OFF);
    expect(res.body).toMatchObject({ published: false, consent: ALL_OFF });
    expect(await publicList()).toEqual([]);
    const after = await ctx.app.inject({
      url: '/placement',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(rootText(after.body)).not.toContain('Meera Iyer');
    expect(rootText(after.body)).not.toContain('Cleared the analyst interview');
  }, 90_000); // the first server-rendered page of a file imports the whole app (slow on a loaded 2-core run)

  it('an office edit of the text needs the student’s consent again', async () => {
    await consent(student.access, storyId, { ...ALL_OFF, company: true });
    expect(await publicList()).toHaveLength(1);
    const edit = await ctx.request({
      method: 'PUT',
      url: API.successStories.update(storyId),
      token: admin.access,
      body: story(verified, { story: 'A different text the student never saw.' }),
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ published: false });
    expect(await publicList()).toEqual([]);
  });
});

describe('consent comes after selection', () => {
  it('refuses consent dated before the offer date; a withdrawal is always taken', async () => {
    await ctx.db
      .updateTable('placement_offers')
      .set({ offer_date: istDay(5) })
      .where('id', '=', verified)
      .execute();
    const res = await consent(student.access, storyId, { ...ALL_OFF, name: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: [STORY_MESSAGES.beforeOffer(istDay(5))] });
    expect((await consent(student.access, storyId, ALL_OFF)).status).toBe(200);
    expect(await publicList()).toEqual([]);
    await ctx.db
      .updateTable('placement_offers')
      .set({ offer_date: istDay(-1) })
      .where('id', '=', verified)
      .execute();
  });
});

describe('the office’s list', () => {
  it('says which stories are published and which offer each tells', async () => {
    await consent(student.access, storyId, { ...ALL_OFF, ctc: true });
    const res = await ctx.request({ url: P.adminList, token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: storyId, published: true, offer_label: expect.stringContaining('Story Bank') }),
    ]);
    const [published] = await publicList();
    expect(published).toMatchObject({ annual_ctc: 720_000 });
    expect(Object.keys(published!)).not.toContain('placement_company_name');
  });
});

describe('erasure', () => {
  it('removes the stories about an erased student', async () => {
    await consent(student.access, storyId, { ...ALL_OFF, name: true });
    expect(await publicList()).toHaveLength(1);
    await createPersonalDataRepository(ctx.db).erase(student.id);
    expect(await publicList()).toEqual([]);
    expect((await ctx.request({ url: P.adminList, token: admin.access })).body).toEqual([]);
  });
});
