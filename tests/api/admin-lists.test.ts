import { describe, expect, it } from 'vitest';
import {
  AdminStats,
  AuditEntry,
  Enrollment,
  IssueSummary,
  Payment,
  paginated,
  type Paginated,
} from '../../contract/index.ts';
import { completeThroughGateway, createProgram, createWorkshop } from './support/fixtures.ts';
import { admin, asha, ctx, ravi, resolvePayment, startPayment, useAdminApp } from './support/admin-app.ts';

useAdminApp();

describe('stats and issue summary', () => {
  it('counts students, every program and workshop (archived too, as the tabs list them), faculty, and revenue from completed payments only', async () => {
    const empty = await ctx.request({ url: '/classroom/admin/stats/', token: admin.access });
    expect(empty).toMatchObject({
      status: 200,
      body: { total_students: 2, total_programs: 0, total_faculty: 0, total_workshops: 0, total_revenue: 0 },
    });

    const p1 = await createProgram(ctx, admin.access, { price: 50000 });
    const p2 = await createProgram(ctx, admin.access, { price: 70000 });
    await createProgram(ctx, admin.access, { is_active: false });
    await createWorkshop(ctx, admin.access);
    const pay1 = await startPayment(asha, 'programs', p1);
    await completeThroughGateway(ctx, asha.access, pay1.id);
    await startPayment(ravi, 'programs', p2); // pending: not revenue
    const stats = AdminStats.parse((await ctx.request({ url: '/classroom/admin/stats/', token: admin.access })).body);
    expect(stats).toEqual({
      total_students: 2,
      total_programs: 3,
      total_faculty: 0,
      total_workshops: 1,
      total_revenue: 50000,
    });
  });

  it('counts failed payments, pending or on-hold enrollments, and other urgent items', async () => {
    const before = IssueSummary.parse(
      (await ctx.request({ url: '/api/admin/issue-summary/', token: admin.access })).body,
    );
    const p = await createProgram(ctx, admin.access);
    const failed = await startPayment(asha, 'programs', p);
    await resolvePayment(failed.id, { status: 'failed', failure_reason: 'card_declined', is_urgent: true });
    const p2 = await createProgram(ctx, admin.access);
    const urgentPending = await startPayment(ravi, 'programs', p2);
    await resolvePayment(urgentPending.id, { status: 'pending', is_urgent: true });
    const after = IssueSummary.parse(
      (await ctx.request({ url: '/api/admin/issue-summary/', token: admin.access })).body,
    );
    expect(after.failed_payments).toBe(before.failed_payments + 1);
    expect(after.pending_enrollments).toBe(before.pending_enrollments);
    // The failed one counts once (not again as urgent); the urgent pending payment adds one.
    expect(after.total_issues).toBe(before.total_issues + 2);
  });
});

describe('paginated admin lists', () => {
  it('pages payments newest first with count, next and previous as relative URLs', async () => {
    const programs = await Promise.all(Array.from({ length: 5 }, () => createProgram(ctx, admin.access)));
    for (const id of programs) await startPayment(asha, 'programs', id);
    const total = ((await ctx.request({ url: '/api/admin/payments/', token: admin.access })).body as Paginated<Payment>)
      .count;

    const page1 = await ctx.request({ url: '/api/admin/payments/?page_size=2&status=pending', token: admin.access });
    expect(page1.status).toBe(200);
    const body1 = paginated(Payment).parse(page1.body);
    expect(body1.results).toHaveLength(2);
    expect(body1.previous).toBeNull();
    // Keyset links: the same path and filters, and an opaque cursor in place of a page number.
    expect(body1.next).toMatch(/^\/api\/admin\/payments\/\?page_size=2&status=pending&cursor=[\w-]+$/);
    expect(body1.results.every((p) => p.status === 'pending')).toBe(true);
    const ids = body1.results.map((p) => p.id);
    expect(ids[0]).toBeGreaterThan(ids[1]!);

    const page2 = paginated(Payment).parse((await ctx.request({ url: body1.next!, token: admin.access })).body);
    expect(page2.previous).toMatch(/^\/api\/admin\/payments\/\?page_size=2&status=pending&cursor=[\w-]+$/);
    expect(page2.results[0]!.id).toBeLessThan(ids[1]!);
    const back = paginated(Payment).parse((await ctx.request({ url: page2.previous!, token: admin.access })).body);
    expect(back.results.map((p) => p.id)).toEqual(ids);
    expect(back.previous).toBeNull();
    expect(back.next).toBe(body1.next);

    const all = paginated(Payment).parse(
      (await ctx.request({ url: '/api/admin/payments/?page_size=200', token: admin.access })).body,
    );
    expect(all.count).toBe(total);
    expect(all.next).toBeNull();
    const beyond = paginated(Payment).parse(
      (await ctx.request({ url: '/api/admin/payments/?page=150', token: admin.access })).body,
    );
    expect(beyond.results).toEqual([]);
    // Deeper than 10,000 rows by number is refused with the way there (OFFSET would read every row skipped).
    const deep = await ctx.request({ url: '/api/admin/payments/?page=999', token: admin.access });
    expect(deep.status).toBe(400);
    expect((deep.body as { error: string }).error).toMatch(/follow the list's next links/);
    const forged = await ctx.request({ url: '/api/admin/payments/?cursor=bm9uc2Vuc2U', token: admin.access });
    expect(forged).toMatchObject({ status: 400, body: { error: expect.stringMatching(/no longer valid/) } });
  });

  it('filters by urgency and validates paging parameters', async () => {
    const urgent = paginated(Payment).parse(
      (await ctx.request({ url: '/api/admin/payments/?is_urgent=true', token: admin.access })).body,
    );
    expect(urgent.count).toBeGreaterThan(0);
    expect(urgent.results.every((p) => p.is_urgent)).toBe(true);
    for (const query of ['page=0', 'page_size=201', 'page=abc', 'status=lost', 'is_urgent=1']) {
      const res = await ctx.request({ url: `/api/admin/payments/?${query}`, token: admin.access });
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body as object)).toHaveLength(1);
    }
  });

  it('pages enrollments with the same rules', async () => {
    const res = await ctx.request({ url: '/api/admin/enrollments/?page_size=1', token: admin.access });
    const body = paginated(Enrollment).parse(res.body);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results).toHaveLength(1);
    const filtered = paginated(Enrollment).parse(
      (await ctx.request({ url: '/api/admin/enrollments/?status=active', token: admin.access })).body,
    );
    expect(filtered.results.every((e) => e.status === 'active')).toBe(true);
  });
});

describe('audit log', () => {
  it('records every admin write and resolve with actor, action, entity and changes', async () => {
    const before = (
      (await ctx.request({ url: '/api/admin/audit-log/?page_size=200', token: admin.access }))
        .body as Paginated<AuditEntry>
    ).count;
    const id = await createProgram(ctx, admin.access, { title: 'Audited' });
    await ctx.request({
      method: 'PUT',
      url: `/classroom/programs/${id}/`,
      token: admin.access,
      body: {
        title: 'Audited Again',
        description: 'x',
        level: 'beginner',
        category: 'credit_analyst',
        target_audience: 'mba',
        price: 1000,
        duration_weeks: 4,
      },
    });
    await ctx.request({ method: 'DELETE', url: `/classroom/programs/${id}/`, token: admin.access });
    const page = paginated(AuditEntry).parse(
      (await ctx.request({ url: '/api/admin/audit-log/?page_size=3', token: admin.access })).body,
    );
    expect(page.count).toBe(before + 3);
    expect(page.results.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const e of page.results)
      expect(e).toMatchObject({ entity: 'program', entity_id: id, actor: { id: admin.id, username: 'admin' } });
    expect(page.results[1]!.changes).toMatchObject({ title: { from: 'Audited', to: 'Audited Again' } });

    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('action', '=', 'resolve')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('writes nothing when the write is refused', async () => {
    const count = async () =>
      ((await ctx.request({ url: '/api/admin/audit-log/', token: admin.access })).body as Paginated<AuditEntry>).count;
    const before = await count();
    await ctx.request({ method: 'POST', url: '/classroom/programs/', token: admin.access, body: {} });
    await ctx.request({ method: 'POST', url: '/classroom/programs/', token: asha.access, body: {} });
    await resolvePayment(999_999, { status: 'failed' });
    expect(await count()).toBe(before);
  });
});
