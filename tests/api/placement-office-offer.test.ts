import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileTooLarge,
  PLACEMENT_DOCUMENT_MESSAGES as D,
  PLACEMENT_MESSAGES,
  PLACEMENT_PATHS as P,
  type Offer,
} from '../../contract/index.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, TEST_DB, type TestContext, type TestUser } from './support/harness.ts';
import { NOT_PDF, PDF, placementBatch, placementStudents, sendForm } from './support/placement-fixtures.ts';

/**
 * The office records an offer for a student (decision records 070 and 078): the student's report's fields
 * and the student, as JSON or as the office's form with an optional offer letter (a PDF by its bytes, within
 * UPLOAD_MAX_BYTES, kept by the one file store); audited; administrators only.
 */
let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let batchId: number;
let employerId: number;
const MAX_BYTES = 256 * 1024;

beforeAll(async () => {
  ctx = await createTestApp({ config: { uploadMaxBytes: MAX_BYTES } });
  admin = await ctx.user('officeofferadmin', 'admin');
  student = await ctx.user('officeofferstudent');
  const { programId } = await insertProgram(ctx.db, 'Office Offer Program', 1);
  batchId = await placementBatch(ctx.db, programId, 'Office offer batch', istDay(-15));
  await placementStudents(ctx.db, batchId, [student.id], { status: 'completed' });
  const res = await ctx.request({
    method: 'POST',
    url: P.employers,
    token: admin.access,
    body: { name: 'Office Offer Bank', sector: 'bank' },
  });
  employerId = (res.body as { id: number }).id;
});
afterAll(async () => ctx?.close());

const fields = () => ({
  student: student.id,
  batch: batchId,
  employer: employerId,
  designation: 'Credit Analyst',
  annual_ctc: 640000,
  offer_date: istDay(-3),
});
const record = (token: string | undefined, content?: Buffer, extra: Record<string, string | number> = {}) =>
  sendForm(ctx, {
    url: P.offers,
    token,
    fields: { ...fields(), ...extra },
    file: content && { field: 'offer_letter', name: 'Signed offer.pdf', content },
  });
const letters = () => {
  const dir = path.join(ctx.config.uploadDir, 'offer-letters');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe(`the office's offer with its letter (${TEST_DB})`, () => {
  it('access: anonymous 401, a student 403, an administrator 201', async () => {
    expect((await record(undefined, PDF)).status).toBe(401);
    expect((await record(student.access, PDF)).status).toBe(403);
    const before = letters();
    const res = await record(admin.access, PDF);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(letters()).toHaveLength(before.length + 1);
  });

  it('keeps the letter: the office and the student download it; audited with the letter', async () => {
    const offer = (await record(admin.access, PDF)).body as Offer;
    expect(offer).toMatchObject({ status: 'claimed', student: student.id, annual_ctc: 640_000 });
    expect(offer.offer_letter).toEqual({
      file_name: 'Signed offer.pdf',
      size_bytes: PDF.length,
      url: P.officeOfferLetter(offer.id),
    });
    const get = (url: string, token: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect((await get(P.officeOfferLetter(offer.id), admin.access)).rawPayload.equals(PDF)).toBe(true);
    expect((await get(P.offerLetter(offer.id), student.access)).rawPayload.equals(PDF)).toBe(true);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'changes'])
      .where('entity', '=', 'placement_offer')
      .where('entity_id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, action: 'create' });
    expect(JSON.parse(String(audit.changes))).toMatchObject({ status: 'claimed', offer_letter: expect.any(String) });
  });

  it('without a letter (a form or JSON) records the offer all the same', async () => {
    expect((await record(admin.access)).body).toMatchObject({ status: 'claimed', offer_letter: null });
    const json = await ctx.request({ method: 'POST', url: P.offers, token: admin.access, body: fields() });
    expect(json).toMatchObject({ status: 201, body: { status: 'claimed', offer_letter: null } });
  });

  it('refuses a file that is not a PDF (400) or is too large (413), and a student not of the batch; keeps no file', async () => {
    const before = letters();
    expect(await record(admin.access, NOT_PDF)).toEqual({ status: 400, body: { offer_letter: [D.offerLetterType] } });
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_BYTES, 0x20)]);
    expect(await record(admin.access, big)).toEqual({ status: 413, body: { detail: fileTooLarge(MAX_BYTES) } });
    const stranger = await ctx.user('officeofferstranger');
    expect(await record(admin.access, PDF, { student: stranger.id })).toEqual({
      status: 400,
      body: { error: PLACEMENT_MESSAGES.notEnrolled },
    });
    const noCtc = await record(admin.access, PDF, { annual_ctc: 'lots' });
    expect(noCtc.status).toBe(400);
    expect(letters()).toEqual(before);
  });
});
