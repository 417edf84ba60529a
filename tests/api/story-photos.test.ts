import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  fileTooLarge,
  PRIVACY_PATHS,
  STORY_MESSAGES,
  STORY_PATHS as P,
  type AdminSuccessStory,
  type PublicSuccessStory,
  type StudentStory,
} from '../../contract/index.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, TEST_DB, type TestContext, type TestUser } from './support/harness.ts';
import { PDF, placementBatch, placementOffer, placementStudents, sendForm } from './support/placement-fixtures.ts';

/**
 * A success story's photo (decision record 079, addendum): the office uploads a JPEG, PNG or WebP image,
 * read by its bytes, within UPLOAD_MAX_BYTES, kept by the one file store; the public sees it only while the
 * story's student consents to the photo; the student previews it before consenting; erasing the student
 * deletes it.
 */
let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let storyId: number;
const MAX_BYTES = 64 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 3)]);
const ALL = { name: true, photo: true, company: true, ctc: true };

beforeAll(async () => {
  ctx = await createTestApp({ config: { uploadMaxBytes: MAX_BYTES } });
  admin = await ctx.user('photoadmin', 'admin');
  student = await ctx.user('photostudent');
  const { programId } = await insertProgram(ctx.db, 'Photo Program', 1);
  const batch = await placementBatch(ctx.db, programId, 'Photo batch', istDay(-60));
  await placementStudents(ctx.db, batch, [student.id], { status: 'completed' });
  const employer = await ctx.request({
    method: 'POST',
    url: '/api/admin/placement/employers/',
    token: admin.access,
    body: { name: 'Photo Bank', sector: 'bank' },
  });
  const offer = await placementOffer(ctx.db, {
    student: student.id,
    batch,
    employer: (employer.body as { id: number }).id,
    ctc: 700_000,
    status: 'verified',
  });
  const story = await ctx.request({
    method: 'POST',
    url: API.successStories.create,
    token: admin.access,
    body: { offer_id: offer, student_name: 'Ritu Sen', story: 'Rated SMEs after the course.', is_featured: true },
  });
  storyId = (story.body as { id: number }).id;
});
afterAll(async () => ctx?.close());

const upload = (token: string | undefined, content: Buffer, name = 'ritu.png') =>
  sendForm(ctx, { method: 'PUT', url: P.adminPhoto(storyId), token, file: { field: 'photo', name, content } });
const consent = (choice: Partial<typeof ALL>) =>
  ctx.request({
    method: 'PUT',
    url: P.consent(storyId),
    token: student.access,
    body: { name: false, photo: false, company: false, ctc: false, ...choice },
  });
const listed = async () =>
  ((await ctx.request({ url: API.successStories.list })).body as PublicSuccessStory[]).find((s) => s.id === storyId);
const fetchPhoto = (url = P.photo(storyId)) => ctx.app.inject({ method: 'GET', url });
const photos = () => {
  const dir = path.join(ctx.config.uploadDir, 'story-photos');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe(`a success story's photo (${TEST_DB})`, () => {
  it('only an administrator uploads it: anonymous 401, the student 403', async () => {
    expect((await upload(undefined, PNG)).status).toBe(401);
    expect((await upload(student.access, PNG)).status).toBe(403);
    expect(photos()).toEqual([]);
  });

  it('refuses a file that is not a JPEG, PNG or WebP by its bytes (400), or over the limit (413); keeps none', async () => {
    for (const [content, name] of [
      [PDF, 'ritu.png'],
      [GIF, 'ritu.gif'],
    ] as const)
      expect(await upload(admin.access, content, name)).toEqual({
        status: 400,
        body: { photo: [STORY_MESSAGES.photoType] },
      });
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES, 0)]);
    expect(await upload(admin.access, big)).toEqual({ status: 413, body: { detail: fileTooLarge(MAX_BYTES) } });
    expect(photos()).toEqual([]);
  });

  it('is shown only while the student consents to the photo; an upload asks their consent again', async () => {
    expect((await consent(ALL)).status).toBe(200);
    const res = await upload(admin.access, PNG);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as AdminSuccessStory).toMatchObject({ id: storyId, photo_uploaded: true, published: false });
    expect(photos()).toHaveLength(1);
    // The consent given before the photo no longer counts: nothing is published, the photo is not served.
    expect(await listed()).toBeUndefined();
    expect((await fetchPhoto()).statusCode).toBe(404);

    await consent({ name: true });
    expect((await listed())?.photo).toBeUndefined();
    expect((await fetchPhoto()).statusCode).toBe(404);

    await consent({ name: true, photo: true });
    const url = (await listed())?.photo;
    expect(url).toMatch(new RegExp(`^${P.photo(storyId)}\\?v=`));
    const shown = await fetchPhoto(url);
    expect([shown.statusCode, shown.headers['content-type'], shown.rawPayload.equals(PNG)]).toEqual([
      200,
      'image/png',
      true,
    ]);

    await consent({ name: true });
    expect((await listed())?.photo).toBeUndefined();
    expect((await fetchPhoto(url)).statusCode).toBe(404);
  });

  it('the student previews it before consenting, by an address signed for them; a forged one is refused', async () => {
    const mine = (await ctx.request({ url: P.mine, token: student.access })).body as StudentStory[];
    const preview = mine.find((s) => s.preview.id === storyId)!.preview.photo!;
    expect(preview).toMatch(/&preview=\d+\.[\w-]+$/);
    const seen = await fetchPhoto(preview);
    expect([seen.statusCode, seen.rawPayload.equals(PNG)]).toEqual([200, true]);
    const forged = preview.replace(/\.[\w-]+$/, '.AAAA');
    expect((await fetchPhoto(forged)).statusCode).toBe(404);
  });

  it('a replaced photo leaves no file behind', async () => {
    expect((await upload(admin.access, JPEG, 'ritu.jpg')).status).toBe(200);
    expect(photos()).toHaveLength(1);
    expect(photos()[0]).toMatch(/\.jpg$/);
  });

  it('goes with its story when the office deletes the story', async () => {
    const offerId = (
      await ctx.db.selectFrom('success_stories').select('offer_id').where('id', '=', storyId).executeTakeFirstOrThrow()
    ).offer_id!;
    const other = await ctx.request({
      method: 'POST',
      url: API.successStories.create,
      token: admin.access,
      body: { offer_id: offerId, student_name: 'Ritu S.', story: 'A second telling.', is_featured: false },
    });
    const otherId = (other.body as { id: number }).id;
    const put = await sendForm(ctx, {
      method: 'PUT',
      url: P.adminPhoto(otherId),
      token: admin.access,
      file: { field: 'photo', name: 'r.png', content: PNG },
    });
    expect(put.status).toBe(200);
    expect(photos()).toHaveLength(2);
    const gone = await ctx.request({ method: 'DELETE', url: API.successStories.remove(otherId), token: admin.access });
    expect(gone.status).toBeLessThan(300);
    expect(photos()).toHaveLength(1);
  });

  it('is deleted when the student is erased', async () => {
    const made = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.erasureRequest,
      token: student.access,
      body: { password: student.password },
    });
    expect(made.status).toBe(201);
    const id = (made.body as { id: number }).id;
    for (const action of ['verify', 'complete'])
      expect(
        (
          await ctx.request({
            method: 'POST',
            url: PRIVACY_PATHS.adminRequest(id),
            token: admin.access,
            body: { action },
          })
        ).status,
      ).toBe(200);
    expect(photos()).toEqual([]);
    expect((await fetchPhoto()).statusCode).toBe(404);
  });
});
