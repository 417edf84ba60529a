import { describe, expect, it } from 'vitest';
import { PRIVACY_PATHS } from '../../contract/index.ts';
import { applyRetention } from '../../server/domains/privacy/retention.ts';
import { admin, ctx, usePrivacyRightsApp } from './support/privacy-rights-app.ts';

usePrivacyRightsApp();

describe('retention', () => {
  it('with the clock moved on: unconverted leads go after 12 months, email bodies after 90 days, expired reset rows', async () => {
    const now = new Date('2030-06-15T00:00:00.000Z');
    const iso = (daysBefore: number) => new Date(now.getTime() - daysBefore * 86_400_000).toISOString();
    const lead = (name: string, days: number, status: 'new' | 'converted') =>
      ctx.db
        .insertInto('counseling_requests')
        .values({
          name,
          email: `${name}@example.in`,
          phone: '9876543210',
          preferred_date: null,
          interest: '',
          message: '',
          created_at: iso(days),
          status,
          assignee_id: null,
          next_follow_up: null,
        })
        .execute();
    await lead('oldlead', 400, 'new');
    await lead('oldconverted', 400, 'converted');
    await lead('freshlead', 300, 'new');
    const mail = (subject: string, days: number) =>
      ctx.db
        .insertInto('outbox')
        .values({
          message_id: subject,
          template: 't',
          recipients: '["a@example.in"]',
          subject,
          text_body: 'body',
          html_body: '<p>body</p>',
          status: 'sent',
          next_attempt_at: iso(days),
          created_at: iso(days),
          sent_at: iso(days),
        })
        .execute();
    await mail('old-mail', 91);
    await mail('new-mail', 89);
    const result = await applyRetention(ctx.db, ctx.config.privacy, now);
    expect(result.counselingDeleted).toBeGreaterThanOrEqual(1);
    const names = (await ctx.db.selectFrom('counseling_requests').select('name').execute()).map((r) => r.name);
    expect(names).not.toContain('oldlead');
    expect(names).toEqual(expect.arrayContaining(['oldconverted', 'freshlead']));
    const old = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'old-mail')
      .executeTakeFirstOrThrow();
    expect([old.text_body, old.html_body, old.recipients, old.sent_at]).toEqual(['', '', '["a@example.in"]', iso(91)]);
    const fresh = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'new-mail')
      .executeTakeFirstOrThrow();
    expect(fresh.text_body).toBe('body');
    expect(await ctx.db.selectFrom('password_resets').selectAll().where('expires_at', '<', iso(1)).execute()).toEqual(
      [],
    );
  });
});

describe('breach incidents', () => {
  it('recorded with the 72-hour deadline; the notice goes once, one email per affected person, audited', async () => {
    const aware = '2026-11-20T10:00:00.000Z';
    const created = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.adminIncidents,
      token: admin.access,
      body: {
        aware_at: aware,
        data_categories: 'names and email addresses',
        people_affected: 2,
        description: 'A spreadsheet was emailed to the wrong address.',
        notice_text: 'On 20 November a list with your name and email was sent to a wrong address.',
        affected_emails: ['one@example.in', 'two@example.in'],
      },
    });
    expect(created.status).toBe(201);
    const incident = created.body as { id: number; board_report_due_at: string };
    expect(incident.board_report_due_at).toBe('2026-11-23T10:00:00.000Z');
    const sent = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.adminIncidentNotify(incident.id),
      token: admin.access,
    });
    expect(sent.body).toMatchObject({ notified_count: 2 });
    const mails = await ctx.db.selectFrom('outbox').selectAll().where('template', '=', 'breach_notice').execute();
    expect(mails.map((m) => JSON.parse(m.recipients))).toEqual([['one@example.in'], ['two@example.in']]);
    const twice = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.adminIncidentNotify(incident.id),
      token: admin.access,
    });
    expect(twice.status).toBe(400);
    const bad = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.adminIncidents,
      token: admin.access,
      body: { aware_at: 'yesterday' },
    });
    expect(bad.status).toBe(400);
  });
});
