import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  API,
  OPENING_PATHS,
  PLACEMENT_PATHS,
  PRIVACY_PATHS,
  type Application,
  type Offer,
  type PrivacyRequest,
} from '../../contract/index.ts';
import { PDF, sendForm } from './support/placement-fixtures.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { admin, ctx, mailbox, usePrivacyRightsApp } from './support/privacy-rights-app.ts';

usePrivacyRightsApp();

const pdf = async (url: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.access}` } })).rawPayload;

const act = (id: number, body: unknown, token = admin.access) =>
  ctx.request({ method: 'POST', url: PRIVACY_PATHS.adminRequest(id), token, body });

describe('erasure', () => {
  it('password again; received → verified → done anonymises the person and leaves invoices and credit notes byte-identical', async () => {
    const asha = await ctx.user('erasable');
    const email = (await ctx.db.selectFrom('users').select('email').where('id', '=', asha.id).executeTakeFirstOrThrow())
      .email;
    // Rows kept by address are the person's once they confirmed it (decision record 063).
    await mailbox.confirm(asha);
    const programId = await createProgram(ctx, admin.access, { title: 'Erasure course', price: 3000 });
    const billing = {
      first_name: 'Asha',
      last_name: 'Verma',
      email: 'asha.billing@example.in',
      phone: '9876543210',
      state_code: '29',
      address: '12 MG Road, Bengaluru 560001',
    };
    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: { billing },
    });
    const paymentId = (start.body as { id: number }).id;
    expect((await completeThroughGateway(ctx, asha.access, paymentId)).status).toBe(200);
    const refund = await ctx.request({
      method: 'POST',
      url: API.admin.refundPayment(paymentId),
      token: admin.access,
      body: { amount: 1000, reason: 'partial', revoke_access: false },
      headers: { 'idempotency-key': 'erasure-refund-1' },
    });
    expect(refund.status).toBeLessThan(300);
    await ctx.request({
      method: 'POST',
      url: API.counseling.create,
      body: { name: 'Asha', email, phone: '9876543210', message: 'call me' },
    });
    const docsBefore = await ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('student_id', '=', asha.id)
      .orderBy('id')
      .execute();
    expect(docsBefore.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const creditNote = docsBefore[1]!;
    const invoiceBefore = await pdf(API.payments.invoice(paymentId));
    const creditBefore = await pdf(API.refunds.creditNote(creditNote.refund_id!));
    expect(invoiceBefore.subarray(0, 4).toString()).toBe('%PDF');

    const wrong = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.erasureRequest,
      token: asha.access,
      body: { password: 'nope' },
    });
    expect(wrong.status).toBe(403);
    const made = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.erasureRequest,
      token: asha.access,
      body: { password: asha.password, reason: 'moving on' },
    });
    expect(made.status).toBe(201);
    const request = made.body as PrivacyRequest;
    expect(request.status).toBe('received');
    expect(Date.parse(request.due_at) - Date.parse(request.received_at)).toBe(90 * 86_400_000);
    const again = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.erasureRequest,
      token: asha.access,
      body: { password: asha.password },
    });
    expect(again.status).toBe(400);

    // An assignment submission with its file: erasure deletes both (the file after the commit).
    const at = new Date().toISOString();
    const batch = await ctx.db
      .insertInto('batches')
      .values({
        course_id: programId,
        name: 'Erasure batch',
        starts_on: '2026-01-01',
        ends_on: '2026-03-01',
        seats: 5,
        mode: 'online',
        location: '',
        instructor_id: null,
        is_open: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const assignment = await ctx.db
      .insertInto('assignments')
      .values({
        batch_id: batch.id,
        title: 'Ratio analysis',
        instructions: '',
        due_at: at,
        max_marks: 10,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fileName = `${randomUUID()}.pdf`;
    const filePath = path.join(ctx.app.deps.config.uploadDir, 'submissions', fileName);
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    fs.writeFileSync(filePath, '%PDF-1.4 my answers');
    await ctx.db
      .insertInto('assignment_submissions')
      .values({
        assignment_id: assignment.id,
        student_id: asha.id,
        text: 'My answer names my employer',
        file: fileName,
        file_name: 'answers.pdf',
        file_type: 'application/pdf',
        file_size: 19,
        submitted_at: at,
        is_late: 0,
        marks: null,
        feedback: '',
        graded_by: null,
        graded_at: null,
      })
      .execute();

    // A résumé sent with an application and an offer's letter: erasure lets go of both files.
    await ctx.db.updateTable('enrollments').set({ batch_id: batch.id }).where('student_id', '=', asha.id).execute();
    const employer = await ctx.request({
      method: 'POST',
      url: PLACEMENT_PATHS.employers,
      token: admin.access,
      body: { name: 'Erasure Bank', sector: 'bank' },
    });
    const opening = await ctx.request({
      method: 'POST',
      url: OPENING_PATHS.openings,
      token: admin.access,
      body: {
        employer: (employer.body as { id: number }).id,
        title: 'Analyst',
        ctc_min: 500_000,
        ctc_max: 600_000,
        batches: [batch.id],
        deadline: '2099-01-01',
      },
    });
    const applied = await sendForm(ctx, {
      url: OPENING_PATHS.apply((opening.body as { id: number }).id),
      token: asha.access,
      file: { field: 'resume', name: 'cv.pdf', content: PDF },
    });
    const reported = await sendForm(ctx, {
      url: PLACEMENT_PATHS.studentOffers,
      token: asha.access,
      fields: {
        batch: batch.id,
        employer_name: 'Erasure Bank',
        designation: 'Analyst',
        annual_ctc: 550000,
        offer_date: at.slice(0, 10),
      },
      file: { field: 'offer_letter', name: 'letter.pdf', content: PDF },
    });
    expect([applied.status, reported.status]).toEqual([201, 201]);
    const stored = (dir: string) => fs.readdirSync(path.join(ctx.config.uploadDir, dir));
    expect([stored('resumes'), stored('offer-letters')].map((names) => names.length)).toEqual([1, 1]);

    expect((await act(request.id, { action: 'complete' })).status).toBe(400);
    expect((await act(request.id, { action: 'verify' })).body).toMatchObject({ status: 'verified' });
    const done = await act(request.id, { action: 'complete' });
    expect(done.body).toMatchObject({ status: 'done' });

    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', asha.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: `erased-${asha.id}`, first_name: 'Erased', is_active: 0 });
    expect(user.email).not.toBe(email);
    expect(user.password_hash).toBe('!erased');
    const payment = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect([payment.billing_email, payment.billing_phone, payment.billing_address]).toEqual([null, null, null]);
    expect(await ctx.db.selectFrom('counseling_requests').selectAll().where('email', '=', email).execute()).toEqual([]);
    expect(
      await ctx.db.selectFrom('assignment_submissions').select('id').where('student_id', '=', asha.id).execute(),
    ).toEqual([]);
    expect(fs.existsSync(filePath)).toBe(false);
    expect([stored('resumes'), stored('offer-letters')]).toEqual([[], []]);
    const office = await ctx.request({
      url: PLACEMENT_PATHS.offer((reported.body as Offer).id),
      token: admin.access,
    });
    expect(office.body).toMatchObject({ offer_letter: null, annual_ctc: 550_000 });
    const application = await ctx.db
      .selectFrom('placement_applications')
      .select(['resume', 'resume_name', 'cover_note'])
      .where('id', '=', (applied.body as Application).id)
      .executeTakeFirstOrThrow();
    expect(application).toEqual({ resume: null, resume_name: null, cover_note: '' });
    expect(await ctx.db.selectFrom('refresh_families').selectAll().where('user_id', '=', asha.id).execute()).toEqual(
      [],
    );
    expect((await ctx.request({ url: API.me, token: asha.access })).status).toBe(401);
    const login = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: 'erasable', password: asha.password },
    });
    expect(login.status).toBe(401);

    const docsAfter = await ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('student_id', '=', asha.id)
      .orderBy('id')
      .execute();
    expect(docsAfter).toEqual(docsBefore);
    expect(Buffer.compare(await pdf(API.payments.invoice(paymentId)), invoiceBefore)).toBe(0);
    expect(Buffer.compare(await pdf(API.refunds.creditNote(creditNote.refund_id!)), creditBefore)).toBe(0);

    const notice = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('template', '=', 'erasure_done')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(notice.recipients)).toEqual([email]);
    const oldMail = await ctx.db.selectFrom('outbox').selectAll().where('recipients', 'like', `%${email}%`).execute();
    expect(oldMail.map((m) => m.template)).toEqual(['erasure_done']);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'privacy_request')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'privacy_request',
      'privacy_request_verify',
      'privacy_request_complete',
    ]);
  });

  it('a refusal needs a reason, tells the person and closes the request; the list is oldest first', async () => {
    const ravi = await ctx.user('refusable');
    const made = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.erasureRequest,
      token: ravi.access,
      body: { password: ravi.password },
    });
    const id = (made.body as PrivacyRequest).id;
    expect((await act(id, { action: 'refuse' })).status).toBe(400);
    expect((await act(id, { action: 'refuse', reason: 'An open refund is being processed.' })).body).toMatchObject({
      status: 'refused',
      refusal_reason: 'An open refund is being processed.',
    });
    expect((await act(id, { action: 'verify' })).status).toBe(400);
    const list = (await ctx.request({ url: PRIVACY_PATHS.adminRequests, token: admin.access }))
      .body as PrivacyRequest[];
    expect(list.map((r) => r.received_at)).toEqual([...list.map((r) => r.received_at)].sort());
    expect(list.at(-1)).toMatchObject({ id, username: 'refusable' });
  });
});
