import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PRIVACY_PATHS } from '../../contract/index.ts';
import { PERSONAL_DATA } from '../../server/domains/privacy/personal-data/index.ts';
import { renderPolicyMarkdown } from '../../server/platform/lib/policies.ts';
import { mayMarket } from '../../server/domains/privacy/marketing.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { liveColumns } from './support/live-columns.ts';
import { startResetMailbox } from './support/reset-mail.ts';
import { createTestApp, TEST_DB, type TestContext, type TestUser } from './support/harness.ts';

let ctx: TestContext;
let admin: TestUser;
let mailbox: Awaited<ReturnType<typeof startResetMailbox>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('privadmin', 'admin');
  mailbox = await startResetMailbox(ctx);
});
afterAll(async () => {
  await mailbox?.close();
  await ctx?.close();
});

const register = (body: Record<string, unknown>) =>
  ctx.request({
    method: 'POST',
    url: API.register,
    body: { password: 'password123', first_name: 'Asha', last_name: 'Verma', is_adult: true, ...body },
  });

async function download(url: string, token: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

describe('policy pages', () => {
  it('answers each policy with the configured facts, and the privacy notice names version, officer and the Board', async () => {
    const res = await ctx.request({ url: PRIVACY_PATHS.policy('grievance') });
    expect(res.status).toBe(200);
    const page = res.body as { html: string; title: string; version: string };
    expect(page.title).toBe('Grievance officer');
    expect(page.html).toContain(ctx.config.privacy.grievanceOfficer.name);
    expect(page.html).toContain(ctx.config.privacy.grievanceOfficer.email);
    expect(page.html).toContain('90 days');
    const privacy = (await ctx.request({ url: PRIVACY_PATHS.policy('privacy') })).body as { html: string };
    expect(privacy.html).toContain(`Version ${ctx.config.privacy.noticeVersion}`);
    expect(privacy.html).toContain('Data Protection Board of India');
    expect(privacy.html).toContain('Razorpay');
    for (const slug of ['terms', 'refund-policy', 'delivery-policy']) {
      expect((await ctx.request({ url: PRIVACY_PATHS.policy(slug) })).status).toBe(200);
    }
    expect((await ctx.request({ url: PRIVACY_PATHS.policy('secrets') })).status).toBe(404);
  });

  it('renders Markdown without letting a file or a configured value inject markup', () => {
    const { html } = renderPolicyMarkdown('# T\n\n<script>alert(1)</script> [x](javascript:alert(1)) {{NAME}}', {
      NAME: '<img src=x onerror=alert(1)>',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('consents', () => {
  it('registration records the notice version and each ticked purpose; withdrawing is one call; mayMarket follows', async () => {
    const res = await register({
      username: 'consenter',
      email: 'consenter@example.in',
      is_adult: true,
      consents: { notice_version: '2026-11', marketing_email: true, whatsapp: false },
    });
    expect(res.status).toBe(201);
    const token = (res.body as { access: string }).access;
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'consenter')
      .executeTakeFirstOrThrow();
    const state = (await ctx.request({ url: PRIVACY_PATHS.consents, token })).body as {
      purposes: { purpose: string; granted: boolean }[];
      history: { purpose: string; source: string; notice_version: string }[];
    };
    expect(state.purposes).toEqual([
      expect.objectContaining({ purpose: 'marketing_email', granted: true }),
      expect.objectContaining({ purpose: 'whatsapp', granted: false }),
      expect.objectContaining({ purpose: 'sms', granted: false }),
    ]);
    expect(state.history.map((h) => [h.purpose, h.source, h.notice_version])).toEqual([
      ['notice', 'registration', '2026-11'],
      ['marketing_email', 'registration', '2026-11'],
    ]);
    expect(await mayMarket(ctx.db, user, 'marketing_email')).toBe(true);
    expect(await mayMarket(ctx.db, user, 'sms')).toBe(false);

    const withdrawn = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.consents,
      token,
      body: { purpose: 'marketing_email', granted: false },
    });
    expect(withdrawn.status).toBe(200);
    expect(await mayMarket(ctx.db, user, 'marketing_email')).toBe(false);
    const history = (withdrawn.body as { history: { purpose: string; granted: boolean; source: string }[] }).history;
    expect(history.at(-1)).toMatchObject({ purpose: 'marketing_email', granted: false, source: 'account' });
    const bad = await ctx.request({ method: 'POST', url: PRIVACY_PATHS.consents, token, body: { purpose: 'fax' } });
    expect(bad.status).toBe(400);
  });

  it('a registration without consent fields (only the age declaration) works and consents nothing', async () => {
    const res = await register({ username: 'oldclient', email: 'oldclient@example.in' });
    expect(res.status).toBe(201);
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'oldclient')
      .executeTakeFirstOrThrow();
    expect(await mayMarket(ctx.db, user, 'marketing_email')).toBe(false);
  });

  it('the counseling form records its consents against the address', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.counseling.create,
      body: { name: 'Ravi', email: 'ravi.lead@example.in', phone: '9876543210', consents: { sms: true } },
    });
    expect(res.status).toBe(201);
    const rows = await ctx.db
      .selectFrom('consent_events')
      .selectAll()
      .where('email', '=', 'ravi.lead@example.in')
      .execute();
    expect(rows.map((r) => [r.purpose, r.granted, r.source])).toEqual([
      ['notice', 1, 'counseling'],
      ['sms', 1, 'counseling'],
    ]);
  });
});

describe('under 18', () => {
  it('a minor names a parent; payments are refused until the parent confirms by the emailed link; no marketing ever', async () => {
    const dob = `${new Date().getUTCFullYear() - 15}-01-01`;
    const missingParent = await register({ username: 'teen0', email: 'teen0@example.in', date_of_birth: dob });
    expect(missingParent.status).toBe(400);
    const res = await register({
      username: 'teen',
      email: 'teen@example.in',
      date_of_birth: dob,
      parent_name: 'Sunita Rao',
      parent_email: 'sunita@example.in',
      consents: { marketing_email: true },
    });
    expect(res.status).toBe(201);
    const token = (res.body as { access: string }).access;
    const teen = await ctx.db.selectFrom('users').selectAll().where('username', '=', 'teen').executeTakeFirstOrThrow();
    expect(await mayMarket(ctx.db, teen, 'marketing_email')).toBe(false);
    const programId = await createProgram(ctx, admin.access, { title: 'Teen course', price: 1000 });
    const refused = await ctx.request({ method: 'POST', url: API.programs.payment(programId), token, body: {} });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toMatch(/parent or guardian has not yet confirmed/);

    const email = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('template', '=', 'guardian_consent')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(email.recipients)).toEqual(['sunita@example.in']);
    // The outbox (the admin Outbox, a backup) holds a placeholder; the link is written in as it is sent.
    expect(email.text_body).not.toMatch(/guardian-confirm\?token=/);
    expect(email.text_body).toContain('[parent confirmation link: written into the email only as it is sent]');
    const mailbox = await startResetMailbox(ctx);
    const received = await mailbox.textFor('sunita@example.in');
    await mailbox.close();
    const link = /guardian-confirm\?token=([\w-]+)/.exec(received)![1]!;
    const stored = await ctx.db
      .selectFrom('age_records')
      .selectAll()
      .where('user_id', '=', teen.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(link);
    expect(
      (await ctx.request({ method: 'POST', url: PRIVACY_PATHS.guardianConfirm, body: { token: link } })).status,
    ).toBe(200);
    expect(
      (await ctx.request({ method: 'POST', url: PRIVACY_PATHS.guardianConfirm, body: { token: link } })).status,
    ).toBe(400);
    const allowed = await ctx.request({ method: 'POST', url: API.programs.payment(programId), token, body: {} });
    expect(allowed.status).toBe(201);
    expect(await mayMarket(ctx.db, teen, 'marketing_email')).toBe(false);
  });
});

describe('data export', () => {
  it('every column of the live schema is classified exactly once (exported, not personal, or withheld with a reason)', async () => {
    const live = await liveColumns(ctx.db, TEST_DB);
    const problems: string[] = [];
    for (const [table, columns] of Object.entries(live)) {
      const spec = PERSONAL_DATA[table];
      if (!spec) {
        problems.push(`table ${table} is not classified in server/domains/privacy/personal-data/index.ts`);
        continue;
      }
      const classified = [...(spec.exported ?? []), ...(spec.notPersonal ?? []), ...Object.keys(spec.withheld ?? {})];
      for (const c of columns) if (!classified.includes(c)) problems.push(`${table}.${c} is not classified`);
      for (const c of classified)
        if (!columns.includes(c)) problems.push(`${table}.${c} is classified but does not exist`);
      if (new Set(classified).size !== classified.length) problems.push(`${table} classifies a column twice`);
    }
    expect(problems).toEqual([]);
  });

  it('a student downloads a zip of JSON and CSV holding every exported column of their own data, and nobody else’s', async () => {
    const asha = await ctx.user('exporter');
    const other = await ctx.user('bystander');
    const programId = await createProgram(ctx, admin.access, { title: 'Export course', price: 2000 });
    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: { consents: { whatsapp: true } },
    });
    const paymentId = (start.body as { id: number }).id;
    await completeThroughGateway(ctx, asha.access, paymentId);
    const res = await download(PRIVACY_PATHS.dataExport, asha.access);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.bytes));
    expect(Object.keys(files)).toContain('README.txt');
    for (const [table, spec] of Object.entries(PERSONAL_DATA)) {
      if (!spec.exported) continue;
      const name = spec.file ?? table;
      expect(files[`${name}.csv`], name).toBeDefined();
      const header = strFromU8(files[`${name}.csv`]!)
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]!
        .split(',');
      expect(header).toEqual([...spec.exported]);
      const rows = JSON.parse(strFromU8(files[`${name}.json`]!)) as Record<string, unknown>[];
      for (const row of rows) expect(Object.keys(row)).toEqual([...spec.exported]);
    }
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { username: string }[];
    expect(profile).toEqual([expect.objectContaining({ username: 'exporter' })]);
    expect(JSON.stringify(profile)).not.toContain('password');
    const payments = JSON.parse(strFromU8(files['payments.json']!)) as { id: number; status: string }[];
    expect(payments).toEqual([expect.objectContaining({ id: paymentId, status: 'completed' })]);
    const invoices = JSON.parse(strFromU8(files['invoices_and_credit_notes.json']!)) as { kind: string }[];
    expect(invoices.map((i) => i.kind)).toEqual(['invoice']);
    const consents = JSON.parse(strFromU8(files['consents.json']!)) as { purpose: string; source: string }[];
    expect(consents).toContainEqual(expect.objectContaining({ purpose: 'whatsapp', source: 'checkout' }));
    const whole = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(whole).not.toContain('bystander');
    expect(other.id).not.toBe(asha.id);
  });

  it('exports the emails sent to exactly the address: an underscore matches no other address', async () => {
    const owner = await ctx.user('under_score');
    await ctx.db.updateTable('users').set({ email: 'x_y@example.in' }).where('id', '=', owner.id).execute();
    // Emails are the person's only under an address they confirmed, from then on (decision record 063).
    await mailbox.confirm(owner);
    const mail = (to: string, subject: string) =>
      ctx.db
        .insertInto('outbox')
        .values({
          message_id: subject,
          template: 't',
          recipients: JSON.stringify([to]),
          subject,
          text_body: '',
          html_body: '',
          status: 'sent',
          next_attempt_at: new Date().toISOString(),
          created_at: new Date().toISOString(),
          sent_at: null,
        })
        .execute();
    await mail('x_y@example.in', 'mine');
    await mail('xzy@example.in', 'someone else');
    const res = await download(PRIVACY_PATHS.dataExport, owner.access);
    const emails = JSON.parse(strFromU8(unzipSync(new Uint8Array(res.bytes))['emails.json']!)) as { subject: string }[];
    // The confirmation email carried the account's own link: it is theirs by id.
    expect(emails.map((e) => e.subject)).toEqual(['Confirm your email address', 'mine']);
  });
});
