import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, GSTIN_MESSAGES, Payment, StudentPayment } from '../../contract/index.ts';
import { DEMO_INSTITUTE } from '../../server/config.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
});
afterAll(async () => ctx?.close());

const person = { first_name: 'Asha', last_name: 'Verma', email: 'asha@example.in', phone: '9876543210' };

describe('billing details at payment start', () => {
  it('stores the state, address and an employer’s GSTIN, and the invoice taxes the supply to that state', async () => {
    const asha = await ctx.user('asha');
    const programId = await createProgram(ctx, admin.access, { price: 65000 });
    const billing = {
      ...person,
      state_code: '29',
      address: '12 MG Road, Bengaluru 560001',
      gstin: '29aagcb7383j1z4',
      gstin_name: 'Bharat Lending Private Limited',
    };
    // A GSTIN from another state than the billing state is refused.
    const wrongState = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: { billing: { ...billing, state_code: '27' } },
    });
    expect(wrongState.status).toBe(400);
    expect(wrongState.raw).toContain(GSTIN_MESSAGES.state);

    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: { payment_method: 'upi', billing },
    });
    expect(start.status).toBe(201);
    expect(StudentPayment.parse(start.body)).toMatchObject({
      billing_state_code: '29',
      billing_gstin: '29AAGCB7383J1Z4',
      total_paise: 6_500_000,
      invoice_number: null,
    });
    const paymentId = (start.body as Payment).id;
    await ctx.pay(paymentId, { webhooks: false });
    await ctx.request({ method: 'POST', url: API.payments.complete(paymentId), token: asha.access });
    const mine = (await ctx.request({ url: API.payments.list, token: asha.access })).body as Payment[];
    const invoice = await ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(mine.find((p) => p.id === paymentId)!.invoice_number).toBe(invoice.number);
    // The office's list shows the same number (read once for the page: decision record 087).
    const listed = (await ctx.request({ url: `${API.admin.payments}?search=asha`, token: admin.access })).body as {
      results: Payment[];
    };
    expect(listed.results.find((p) => p.id === paymentId)!.invoice_number).toBe(invoice.number);
    expect(invoice).toMatchObject({ igst_paise: 991_525, cgst_paise: 0, total_paise: 6_500_000 });
    expect(JSON.parse(invoice.data)).toMatchObject({
      recipient: { name: 'Bharat Lending Private Limited', gstin: '29AAGCB7383J1Z4', address: billing.address },
      placeOfSupply: { code: '29', name: 'Karnataka' },
    });
  });

  it('refuses a GSTIN with a wrong check character, an unknown state, and a GSTIN without a state', async () => {
    const ravi = await ctx.user('ravi');
    const programId = await createProgram(ctx, admin.access);
    const send = (billing: object) =>
      ctx.request({ method: 'POST', url: API.programs.payment(programId), token: ravi.access, body: { billing } });
    const typo = await send({ ...person, state_code: '29', gstin: '29AAGCB7383J1Z5', gstin_name: 'X' });
    expect(typo.status).toBe(400);
    expect(typo.raw).toContain(GSTIN_MESSAGES.checksum);
    const unknown = await send({ ...person, state_code: '28' });
    expect(unknown.status).toBe(400);
    expect(unknown.raw).toContain('Choose a state or union territory.');
    // The institute's own GSTIN (any case) is not a buyer's: 400 on the field, no payment.
    const own = DEMO_INSTITUTE.gstin;
    const before = await ctx.db.selectFrom('payments').select('id').where('student_id', '=', ravi.id).execute();
    for (const gstin of [own, own.toLowerCase()]) {
      const self = await send({ ...person, state_code: own.slice(0, 2), gstin, gstin_name: 'Ourselves' });
      expect(self.status).toBe(400);
      expect(self.body).toEqual({ 'billing.gstin': [GSTIN_MESSAGES.ownInstitute] });
    }
    expect(await ctx.db.selectFrom('payments').select('id').where('student_id', '=', ravi.id).execute()).toEqual(
      before,
    );
    const stateless = await send({ ...person, gstin: '29AAGCB7383J1Z4', gstin_name: 'X' });
    expect(stateless.status).toBe(400);
    expect(stateless.raw).toContain('Choose the state of this GSTIN.');
    // Without a state the place of supply is the institute's: CGST + SGST.
    const plain = await send(person);
    expect(plain.status).toBe(201);
    await ctx.pay((plain.body as Payment).id, { webhooks: false });
    await ctx.request({ method: 'POST', url: API.payments.complete((plain.body as Payment).id), token: ravi.access });
    const invoice = await ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('payment_id', '=', (plain.body as Payment).id)
      .executeTakeFirstOrThrow();
    expect(Number(invoice.cgst_paise)).toBeGreaterThan(0);
    expect(invoice.cgst_paise).toBe(invoice.sgst_paise);
  });
});

describe('configuration', () => {
  it('adds GST on top of the catalogue price when PRICES_INCLUDE_GST=0', async () => {
    const exclusive = await createTestApp({ config: { pricesIncludeGst: false } });
    try {
      const boss = await exclusive.user('boss', 'admin');
      const meera = await exclusive.user('meera');
      const programId = await createProgram(exclusive, boss.access, { price: 10000 });
      const start = await exclusive.request({
        method: 'POST',
        url: API.programs.payment(programId),
        token: meera.access,
        body: {},
      });
      expect(start.body).toMatchObject({ amount: 10000, total_paise: 1_180_000 });
      await exclusive.pay((start.body as Payment).id, { webhooks: false });
      await exclusive.request({
        method: 'POST',
        url: API.payments.complete((start.body as Payment).id),
        token: meera.access,
      });
      const invoice = await exclusive.db.selectFrom('tax_documents').selectAll().executeTakeFirstOrThrow();
      expect(invoice).toMatchObject({
        taxable_paise: 1_000_000,
        cgst_paise: 90_000,
        sgst_paise: 90_000,
        total_paise: 1_180_000,
      });
    } finally {
      await exclusive.close();
    }
  });

  it('with demo mode off, refuses to start payments until the invoice settings are set, naming the missing ones', async () => {
    const bare = await createTestApp({
      config: { demoMode: false, institute: { ...DEMO_INSTITUTE, gstin: '', address: '' } },
    });
    try {
      const boss = await bare.user('boss', 'admin');
      const sita = await bare.user('sita');
      const programId = await createProgram(bare, boss.access);
      const res = await bare.request({
        method: 'POST',
        url: API.programs.payment(programId),
        token: sita.access,
        body: {},
      });
      expect(res.status).toBe(503);
      expect((res.body as { detail: string }).detail).toBe(
        "Payments are not available yet: the institute's invoice details are missing (INSTITUTE_ADDRESS, INSTITUTE_GSTIN).",
      );
    } finally {
      await bare.close();
    }
  });
});
