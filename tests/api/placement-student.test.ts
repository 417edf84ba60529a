import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileTooLarge,
  OFFICE_MESSAGES,
  PLACEMENT_DOCUMENT_MESSAGES as D,
  PLACEMENT_MESSAGES,
  PLACEMENT_PATHS as P,
  type Offer,
  type PlacementSummary,
  type StudentPlacementBatch,
} from '../../contract/index.ts';
import { createPersonalDataRepository } from '../../server/domains/privacy/repositories/personal-data.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import {
  NOT_PDF,
  PDF,
  placementBatch,
  placementOffer,
  placementStudents,
  sendForm,
} from './support/placement-fixtures.ts';

/**
 * The student's side of placement (decision record 078): their batches and the placement opt-out, who may
 * do what, the offer letter (a PDF, the upload rules) and who may download it, and what an erasure leaves
 * of a placed student's offer (counted, never named, no letter).
 */
let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let other: TestUser;
let programTitle: string;
let batchId: number;
let employerId: number;
const MAX_BYTES = 1024 * 1024;

beforeAll(async () => {
  ctx = await createTestApp({ config: { uploadMaxBytes: MAX_BYTES } });
  admin = await ctx.user('optadmin', 'admin');
  student = await ctx.user('optstudent');
  other = await ctx.user('optother');
  programTitle = 'Opt-out Program';
  const programId = (await insertProgram(ctx.db, programTitle, 1)).programId;
  batchId = await placementBatch(ctx.db, programId, 'Opt-out batch', istDay(-20));
  await placementStudents(ctx.db, batchId, [student.id], { status: 'completed' });
  const res = await ctx.request({
    method: 'POST',
    url: P.employers,
    token: admin.access,
    body: { name: 'Opt-out Bank', sector: 'bank' },
  });
  employerId = (res.body as { id: number }).id;
});
afterAll(async () => ctx?.close());

const summary = async () => (await ctx.request({ url: P.summary })).body as PlacementSummary;
const programFigures = async () => (await summary()).programs.find((p) => p.program_title === programTitle);
const optOut = (token: string | undefined, batch: number, value: unknown) =>
  ctx.request({ method: 'PATCH', url: P.studentBatch(batch), token, body: { opt_out: value } });

describe('the placement opt-out', () => {
  it('anonymous callers get 401 on the student’s batches and the opt-out', async () => {
    expect((await ctx.request({ url: P.studentBatches })).status).toBe(401);
    expect((await optOut(undefined, batchId, true)).status).toBe(401);
  });

  it('lists the student’s own program batches, and none for another student or an administrator', async () => {
    const mine = (await ctx.request({ url: P.studentBatches, token: student.access })).body as StudentPlacementBatch[];
    expect(mine).toEqual([
      expect.objectContaining({ batch: batchId, program_title: programTitle, opt_out: false, placed: false }),
    ]);
    expect((await ctx.request({ url: P.studentBatches, token: other.access })).body).toEqual([]);
    expect((await ctx.request({ url: P.studentBatches, token: admin.access })).body).toEqual([]);
  });

  it('another student and an administrator cannot opt the student out (404: not their batch)', async () => {
    for (const caller of [other, admin]) {
      const res = await optOut(caller.access, batchId, true);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ detail: PLACEMENT_MESSAGES.notInBatch });
    }
    expect((await programFigures())?.opted_out).toBe(0);
  });

  it('refuses a value that is not true or false with a sentence', async () => {
    const res = await optOut(student.access, batchId, 'yes');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('true or false');
  });

  it('the student opts out and back in; the figures count them as opted out, then eligible again (audited)', async () => {
    const out = await optOut(student.access, batchId, true);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ batch: batchId, opt_out: true });
    expect(await programFigures()).toMatchObject({ completed: 1, opted_out: 1, eligible: 0 });
    const back = await optOut(student.access, batchId, false);
    expect(back.body).toMatchObject({ opt_out: false });
    expect(await programFigures()).toMatchObject({ completed: 1, opted_out: 0, eligible: 1 });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'enrollment')
      .where('actor_id', '=', student.id)
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('a student placed by a verified offer cannot opt out of that batch', async () => {
    await placementOffer(ctx.db, {
      student: student.id,
      batch: batchId,
      employer: employerId,
      ctc: 600_000,
      status: 'verified',
    });
    const res = await optOut(student.access, batchId, true);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: PLACEMENT_MESSAGES.placedCannotOptOut });
    const mine = (await ctx.request({ url: P.studentBatches, token: student.access })).body as StudentPlacementBatch[];
    expect(mine[0]).toMatchObject({ placed: true, opt_out: false });
  });
});

const reportWithLetter = (token: string, content?: Buffer) =>
  sendForm(ctx, {
    url: P.studentOffers,
    token,
    fields: {
      batch: batchId,
      employer_name: 'Letter Bank',
      designation: 'Credit Analyst',
      annual_ctc: 650000,
      offer_date: istDay(-2),
    },
    file: content && { field: 'offer_letter', name: 'Offer letter.pdf', content },
  });
const putLetter = (token: string | undefined, id: number, content: Buffer) =>
  sendForm(ctx, {
    method: 'PUT',
    url: P.offerLetter(id),
    token,
    file: { field: 'offer_letter', name: 'v2.pdf', content },
  });
const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const letters = () => {
  const dir = path.join(ctx.config.uploadDir, 'offer-letters');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('the offer letter', () => {
  it('comes with a reported offer; the student and an administrator download it, nobody else', async () => {
    const res = await reportWithLetter(student.access, PDF);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const offer = res.body as Offer;
    expect(offer).toMatchObject({ status: 'claimed', annual_ctc: 650_000, employer_name: 'Letter Bank' });
    expect(offer.offer_letter).toEqual({
      file_name: 'Offer letter.pdf',
      size_bytes: PDF.length,
      url: P.offerLetter(offer.id),
    });
    const own = await get(P.offerLetter(offer.id), student.access);
    expect([own.statusCode, own.headers['content-type'], own.rawPayload.equals(PDF)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    expect((await get(P.offerLetter(offer.id), other.access)).statusCode).toBe(404);
    expect((await get(P.offerLetter(offer.id), admin.access)).statusCode).toBe(404);
    expect((await get(P.offerLetter(offer.id))).statusCode).toBe(401);
    // The office reads it from its own path before verifying the offer.
    const office = (await ctx.request({ url: P.offer(offer.id), token: admin.access })).body as Offer;
    expect(office.offer_letter?.url).toBe(P.officeOfferLetter(offer.id));
    expect((await get(P.officeOfferLetter(offer.id), admin.access)).rawPayload.equals(PDF)).toBe(true);
    expect((await get(P.officeOfferLetter(offer.id), student.access)).statusCode).toBe(403);
    expect((await get(P.officeOfferLetter(offer.id))).statusCode).toBe(401);
    // Without a letter the offer is reported all the same, and says it has none.
    const bare = await reportWithLetter(student.access);
    expect(bare.body).toMatchObject({ status: 'claimed', offer_letter: null });
    expect((await get(P.offerLetter((bare.body as Offer).id), student.access)).statusCode).toBe(404);
  });

  it('is added or replaced while the offer is claimed, a PDF within the limit, multipart only; not once decided', async () => {
    const offer = (await reportWithLetter(student.access)).body as Offer;
    const before = letters();
    expect(await putLetter(student.access, offer.id, NOT_PDF)).toEqual({
      status: 400,
      body: { offer_letter: [D.offerLetterType] },
    });
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_BYTES, 0x20)]);
    expect(await putLetter(student.access, offer.id, big)).toEqual({
      status: 413,
      body: { detail: fileTooLarge(MAX_BYTES) },
    });
    const json = await ctx.request({ method: 'PUT', url: P.offerLetter(offer.id), token: student.access, body: {} });
    expect(json).toMatchObject({ status: 415, body: { detail: OFFICE_MESSAGES.notMultipart } });
    expect((await putLetter(other.access, offer.id, PDF)).status).toBe(404);
    expect(letters()).toEqual(before);

    const first = (await putLetter(student.access, offer.id, PDF)).body as Offer;
    expect(first.offer_letter).toMatchObject({ file_name: 'v2.pdf', url: P.offerLetter(offer.id) });
    const replaced = await putLetter(student.access, offer.id, Buffer.concat([PDF, Buffer.from('% v3\n')]));
    expect(replaced.status).toBe(200);
    // The replaced file is gone from the store: one more file than before, not two.
    expect(letters()).toHaveLength(before.length + 1);

    const verify = await ctx.request({
      method: 'POST',
      url: P.verifyOffer(offer.id),
      token: admin.access,
      body: { note: 'Offer letter on the bank letterhead, signed by HR.' },
    });
    expect(verify.status).toBe(200);
    expect(await putLetter(student.access, offer.id, PDF)).toEqual({
      status: 400,
      body: { error: D.offerLetterFinal },
    });
    expect(letters()).toHaveLength(before.length + 1);
  });
});

describe('an erased student’s offer', () => {
  it('stays counted in the figures, pseudonymised: no name in the office’s list or the summary', async () => {
    const leaver = await ctx.user('placedleaver');
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Kavya', last_name: 'Raghunathan' })
      .where('id', '=', leaver.id)
      .execute();
    await placementStudents(ctx.db, batchId, [leaver.id], { status: 'completed' });
    const offerId = await placementOffer(ctx.db, {
      student: leaver.id,
      batch: batchId,
      employer: employerId,
      ctc: 900_000,
      status: 'verified',
    });
    const before = await programFigures();
    expect(before).toMatchObject({ placed: 2, highest_ctc: 900_000 });

    await createPersonalDataRepository(ctx.db).erase(leaver.id);

    expect(await programFigures()).toEqual(before);
    const offer = (await ctx.request({ url: P.offer(offerId), token: admin.access })).body as Offer;
    expect(offer).toMatchObject({ status: 'verified', annual_ctc: 900_000 });
    expect(offer.student_name).not.toMatch(/Kavya|Raghunathan|placedleaver/);
    const list = await ctx.request({ url: P.offers, token: admin.access });
    expect(JSON.stringify(list.body)).not.toMatch(/Kavya|Raghunathan/);
    expect(JSON.stringify(await summary())).not.toMatch(/Kavya|Raghunathan/);
  });
});
