import type { z } from 'zod';
import {
  addDays,
  INSTALMENT_MESSAGES,
  planDiscountShares,
  instalmentStatus,
  istToday,
  type AdminInstalment,
  type Instalment,
  type InstalmentMoveInput,
  type InstalmentPlan,
  type InstalmentPlanInput,
  type InstalmentPlanPatch,
  type InstalmentRefundInput,
  type InstalmentStep,
  type PaymentStart,
} from '../../contract/index.ts';
import { createBilling } from '../billing/documents.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { InstalmentPlanRow, InstalmentRow, PaymentRow, UserRow } from '../db/schema.ts';
import { clockNow } from '../lib/clock.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { BusinessError, notFound } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import { inTransaction } from '../lib/transaction.ts';
import { instalmentEmail } from '../mail/instalment-templates.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { createAuditRepository } from '../repositories/audit.ts';
import { couponRepository } from '../repositories/coupons.ts';
import { createEnrollmentRepository } from '../repositories/enrollments.ts';
import { createInstalmentRepository } from '../repositories/instalments.ts';
import { createPaymentRepository } from '../repositories/payments.ts';
import { createProgramRepository } from '../repositories/programs.ts';
import { createUserRepository } from '../repositories/users.ts';
import { createGatewayOrders, type GatewayOrderDeps } from './gateway-orders.ts';
import { toPayment } from './present.ts';
import { quoteForCourse, type PricingRules } from './pricing.ts';
import type { RefundService } from './refunds.ts';

/**
 * Instalment plans (decision record 054). A program's plans; the schedule an enrollment gets when its first
 * instalment is paid (in that payment's transaction: payment-effects.ts); the payment of a later one (a
 * payment like any other, linked to its instalment); the housekeeping pass (invoices on the due date when
 * INSTALMENT_INVOICE_ON=due_date, reminders before and on the due date, the pause of access when the grace
 * days ran out), each step once however many processes run it.
 */

type PlanInput = z.output<typeof InstalmentPlanInput>;
type PlanPatch = z.output<typeof InstalmentPlanPatch>;
type MoveInput = z.output<typeof InstalmentMoveInput>;
type RefundAllInput = z.output<typeof InstalmentRefundInput>;

export const planSteps = (row: Pick<InstalmentPlanRow, 'schedule'>): InstalmentStep[] =>
  JSON.parse(row.schedule) as InstalmentStep[];

/**
 * The shares of the discount the first payment of a plan was quoted with: its coupon or scholarship
 * decided again on the plan's total when the schedule is made (the first share is what that payment
 * took; the coupon row is the one the payment held).
 */
async function scheduleDiscounts(trx: Db, payment: PaymentRow, plan: InstalmentPlanRow): Promise<number[]> {
  const none = planSteps(plan).map(() => 0);
  if (!payment.coupon_id || !payment.discount_paise) return none;
  const coupon = await couponRepository(trx).find(payment.coupon_id);
  if (!coupon) return none;
  const shares = planDiscountShares(planSteps(plan), coupon);
  return shares.map((share, i) => (i === 0 ? Number(payment.discount_paise) : share));
}

export function toPlan(row: InstalmentPlanRow): InstalmentPlan {
  return {
    id: row.id,
    program_id: row.program_id,
    name: row.name,
    instalments: planSteps(row),
    total: row.total,
    is_active: Boolean(row.is_active),
  };
}

const totalOf = (steps: InstalmentStep[]) => steps.reduce((sum, s) => sum + s.amount, 0);

/** The active plans of a program, as GET /classroom/programs/{id}/ carries them. */
export async function activePlans(db: Db, programId: number): Promise<InstalmentPlan[]> {
  return (await createInstalmentRepository(db).plansOfProgram(programId, true)).map(toPlan);
}

/** The plan a payment start names: active and of this program, else 400. */
export async function choosePlan(trx: Db, programId: number, planId: number): Promise<InstalmentPlanRow> {
  const plan = await createInstalmentRepository(trx).findPlan(planId);
  if (!plan || plan.program_id !== programId || !plan.is_active) {
    throw new BusinessError(INSTALMENT_MESSAGES.planNotOffered);
  }
  return plan;
}

/** The IST day it is now by the instalments' clock. */
export const todayIst = (): string => istToday(new Date(clockNow()));

type ScheduleRow = Awaited<ReturnType<ReturnType<typeof createInstalmentRepository>['scheduleOf']>>[number];

function toInstalment(row: ScheduleRow, today: string, rules: PricingRules): Instalment {
  return {
    id: row.id,
    number: row.number,
    amount: row.amount,
    total_paise:
      row.payment_total_paise !== null
        ? Number(row.payment_total_paise)
        : instalmentPrice(rules, row, row.billing_state_code).total_paise,
    due_on: row.due_on,
    status: instalmentStatus(row, today),
    payment: row.payment_id,
    invoice: row.invoice_number,
  };
}

/**
 * A completed payment's consequences for instalments, in the completing transaction: a first instalment
 * (the payment names a plan) creates the enrollment's schedule, the first one paid by it; a later one's
 * payment marks it paid and lifts a pause of access at once.
 */
export async function instalmentsOnCompletion(trx: Db, paymentId: number): Promise<void> {
  const payment = await createPaymentRepository(trx).findRow(paymentId);
  if (!payment) return;
  const repo = createInstalmentRepository(trx);
  const now = nowIso();
  if (payment.instalment_id !== null) {
    await repo.updateInstalment(payment.instalment_id, {
      status: 'paid',
      paid_at: now,
      suspended_at: null,
      updated_at: now,
    });
    return;
  }
  if (payment.plan_id === null || payment.course_type !== 'program') return;
  const plan = await repo.findPlan(payment.plan_id);
  const enrollment = await createEnrollmentRepository(trx).findForCourse(
    payment.student_id,
    'program',
    payment.course_id,
  );
  if (!plan || !enrollment) return;
  const existing = await repo.scheduleOf(enrollment.id);
  // A new schedule after an earlier one ended (refunded, cancelled) numbers on after it.
  const offset = existing.reduce((max, row) => Math.max(max, row.number), 0);
  const start = todayIst();
  const discounts = await scheduleDiscounts(trx, payment, plan);
  for (const [i, step] of planSteps(plan).entries()) {
    const id = await repo.insertInstalment({
      enrollment_id: enrollment.id,
      plan_id: plan.id,
      number: offset + i + 1,
      amount: step.amount,
      due_on: addDays(start, step.due_after_days),
      status: i === 0 ? 'paid' : 'due',
      paid_at: i === 0 ? now : null,
      suspended_at: null,
      discount_paise: discounts[i] ?? 0,
      coupon_code: (discounts[i] ?? 0) > 0 ? payment.coupon_code : null,
      created_at: now,
      updated_at: now,
    });
    if (i === 0) await createPaymentRepository(trx).update(payment.id, { instalment_id: id });
  }
}

/**
 * A refund ended an enrollment paid in instalments (its access revoked): its open dues are cancelled, with
 * their pending payments, in the refund's transaction. Answers the cancelled instalments' ids.
 */
export async function cancelOpenInstalments(trx: Db, enrollmentId: number): Promise<number[]> {
  return createInstalmentRepository(trx).cancelOpen(enrollmentId, nowIso());
}

/** The billing of an enrollment's instalment payments: its first instalment payment's. */
async function firstPlanPayment(trx: Db, enrollmentId: number): Promise<PaymentRow | undefined> {
  const schedule = await createInstalmentRepository(trx).scheduleOf(enrollmentId);
  const first = schedule.find((row) => row.payment_id !== null);
  return first?.payment_id ? createPaymentRepository(trx).findRow(first.payment_id) : undefined;
}

/** An instalment's charge: its amount less its share of the plan's discount, taxed by the shared quote. */
function instalmentPrice(
  rules: PricingRules,
  instalment: Pick<InstalmentRow, 'amount' | 'discount_paise' | 'coupon_code'>,
  stateCode: string | null,
) {
  const share = Number(instalment.discount_paise);
  const quoted = quoteForCourse(
    rules,
    instalment.amount,
    { state_code: stateCode },
    share > 0 ? { kind: 'fixed', value: share, code: instalment.coupon_code, source: 'coupon' } : null,
  );
  return {
    total_paise: quoted.total,
    discount_paise: quoted.discount,
    coupon_code: share > 0 ? instalment.coupon_code : null,
  };
}

/** The instalment's pending payment: the one already there (reopened after a failure) or a new one. */
async function openInstalmentPayment(
  db: Db,
  rules: PricingRules,
  instalmentId: number,
): Promise<{ id: number; created: boolean }> {
  try {
    return await inTransaction(db, async (trx) => {
      const repo = createInstalmentRepository(trx);
      const payments = createPaymentRepository(trx);
      const instalment = await repo.findInstalment(instalmentId);
      if (!instalment || instalment.status !== 'due') throw new BusinessError(INSTALMENT_MESSAGES.notDue);
      const existing = await repo.paymentOf(instalmentId);
      if (existing) {
        if (existing.status === 'failed') await payments.reopenIfFailed(existing.id, nowIso());
        const now = await payments.findRow(existing.id);
        if (now?.status !== 'pending') throw new BusinessError(INSTALMENT_MESSAGES.notDue);
        return { id: existing.id, created: false };
      }
      const enrollment = await createEnrollmentRepository(trx).findRow(instalment.enrollment_id);
      const first = await firstPlanPayment(trx, instalment.enrollment_id);
      if (!enrollment || !first) throw notFound();
      const now = nowIso();
      const id = await payments.insert({
        student_id: enrollment.student_id,
        course_type: 'program',
        course_id: enrollment.course_id,
        status: 'pending',
        amount: instalment.amount,
        payment_method: first.payment_method,
        billing_first_name: first.billing_first_name,
        billing_last_name: first.billing_last_name,
        billing_email: first.billing_email,
        billing_phone: first.billing_phone,
        billing_state_code: first.billing_state_code,
        billing_address: first.billing_address,
        billing_gstin: first.billing_gstin,
        billing_gstin_name: first.billing_gstin_name,
        // Its share of the plan's discount (decision record 053), printed on its invoice with the code.
        ...instalmentPrice(rules, instalment, first.billing_state_code),
        failure_reason: null,
        admin_notes: '',
        is_urgent: 0,
        created_at: now,
        completed_at: null,
        updated_at: now,
        instalment_id: instalmentId,
      });
      return { id, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another request opened it first: that one.
    const row = await createInstalmentRepository(db).paymentOf(instalmentId);
    if (row?.status === 'pending') return { id: row.id, created: false };
    throw error;
  }
}

type PassConfig = Pick<Config, 'instalments' | 'institute' | 'publicUrl' | 'pricesIncludeGst'>;

/**
 * The housekeeping pass at `now` (server.ts runs it with the session reminders): for each open instalment,
 * the reminder 3 days before and on its due date, its invoice on the due date (INSTALMENT_INVOICE_ON=
 * due_date) and the pause of access once INSTALMENT_GRACE_DAYS have passed. Each once, with several
 * processes: marker rows with a primary key, one payment and one invoice per instalment. Answers how many
 * emails it wrote.
 */
export async function runInstalmentPass(db: Db, config: PassConfig, now: number = clockNow()): Promise<number> {
  const rules: PricingRules = { pricesIncludeGst: config.pricesIncludeGst, institute: config.institute };
  const billing = createBilling(config.institute);
  const ctx = { institute: config.institute, publicUrl: config.publicUrl };
  /** One reminder (or the pause) of one instalment, with its marker, in one transaction. */
  async function remind(instalment: InstalmentRow, kind: 'before' | 'due' | 'suspended', at: string) {
    return inTransaction(db, async (trx) => {
      const repo = createInstalmentRepository(trx);
      if (kind === 'suspended') {
        // The pause is the row's state; the marker only keeps its email to once.
        await repo.markSuspended(instalment.id, at);
      }
      if (!(await repo.markReminder(instalment.id, kind, at))) return false;
      const enrollment = await createEnrollmentRepository(trx).findRow(instalment.enrollment_id);
      if (!enrollment) return false;
      const student = await createUserRepository(trx).findById(enrollment.student_id);
      const program = await createProgramRepository(trx).findById(enrollment.course_id);
      const row = await repo.scheduledOne(instalment.id);
      if (!student || !row) return false;
      const { total_paise } = toInstalment(row, todayIst(), rules);
      await enqueueEmail(trx, {
        template: `instalment_${kind}`,
        to: [student.email],
        ...instalmentEmail(ctx, {
          name: student.first_name || 'student',
          program: program?.title ?? 'your program',
          number: instalment.number,
          totalPaise: total_paise,
          dueOn: instalment.due_on,
          kind,
        }),
      });
      return true;
    });
  }

  /** INSTALMENT_INVOICE_ON=due_date: the instalment's invoice on its due date, paid or not (section 31(5)(a)). */
  async function invoiceOnDueDate(instalment: InstalmentRow): Promise<void> {
    const { id } = await openInstalmentPayment(db, rules, instalment.id).catch((error: unknown) => {
      if (error instanceof BusinessError) return { id: null };
      throw error;
    });
    if (id === null) return;
    await inTransaction(db, async (trx) => {
      await createPaymentRepository(trx).hold(id);
      await billing.issueInvoice(trx, id, { beforePayment: true });
    });
  }
  const today = istToday(new Date(now));
  const at = new Date(now).toISOString();
  const { graceDays, invoiceOn } = config.instalments;
  let written = 0;
  for (const instalment of await createInstalmentRepository(db).dueBy(addDays(today, 3))) {
    if (instalment.due_on > today) {
      if (await remind(instalment, 'before', at)) written++;
      continue;
    }
    if (invoiceOn === 'due_date') await invoiceOnDueDate(instalment);
    if (await remind(instalment, 'due', at)) written++;
    if (addDays(instalment.due_on, graceDays) < today && (await remind(instalment, 'suspended', at))) written++;
  }
  return written;
}

export type InstalmentDeps = GatewayOrderDeps & PricingRules & { config: Pick<Config, 'instalments'> };

export function createInstalmentService(db: Db, deps: InstalmentDeps) {
  const { ensureOrder, checkoutOf } = createGatewayOrders(db, deps);
  const rules: PricingRules = deps;

  async function planOr404(trx: Db, id: number): Promise<InstalmentPlanRow> {
    const plan = await createInstalmentRepository(trx).findPlan(id);
    if (!plan) throw notFound();
    return plan;
  }

  /** The enrollment, readable by its student and administrators; anyone else learns nothing (404). */
  async function readableEnrollment(user: UserRow, enrollmentId: number) {
    const enrollment = await createEnrollmentRepository(db).findRow(enrollmentId);
    if (!enrollment || (enrollment.student_id !== user.id && user.role !== 'admin')) throw notFound();
    return enrollment;
  }

  return {
    async listPlans(programId: number): Promise<InstalmentPlan[]> {
      if (!(await createProgramRepository(db).findById(programId))) throw notFound();
      return (await createInstalmentRepository(db).plansOfProgram(programId)).map(toPlan);
    },

    async createPlan(admin: UserRow, programId: number, input: PlanInput): Promise<InstalmentPlan> {
      return inTransaction(db, async (trx) => {
        if (!(await createProgramRepository(trx).findById(programId))) throw notFound();
        const now = nowIso();
        const repo = createInstalmentRepository(trx);
        const id = await repo.insertPlan({
          program_id: programId,
          name: input.name,
          schedule: JSON.stringify(input.instalments),
          total: totalOf(input.instalments),
          is_active: input.is_active ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        const plan = toPlan((await repo.findPlan(id))!);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'create',
          entity: 'instalment_plan',
          entityId: id,
          changes: { plan: { from: null, to: plan } },
        });
        return plan;
      });
    },

    async getPlan(id: number): Promise<InstalmentPlan> {
      return toPlan(await planOr404(db, id));
    },

    /** Schedules already made keep their copy: a change applies to enrollments from now on. */
    async updatePlan(admin: UserRow, id: number, input: PlanPatch): Promise<InstalmentPlan> {
      return inTransaction(db, async (trx) => {
        const before = toPlan(await planOr404(trx, id));
        const repo = createInstalmentRepository(trx);
        await repo.updatePlan(id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.instalments
            ? { schedule: JSON.stringify(input.instalments), total: totalOf(input.instalments) }
            : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active ? 1 : 0 } : {}),
          updated_at: nowIso(),
        });
        const after = toPlan((await repo.findPlan(id))!);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'update',
          entity: 'instalment_plan',
          entityId: id,
          changes: { plan: { from: before, to: after } },
        });
        return after;
      });
    },

    /** A plan chosen at any checkout or schedule is kept: deactivate it instead (400). */
    async removePlan(admin: UserRow, id: number): Promise<void> {
      await inTransaction(db, async (trx) => {
        const plan = toPlan(await planOr404(trx, id));
        const repo = createInstalmentRepository(trx);
        if (await repo.planInUse(id)) throw new BusinessError(INSTALMENT_MESSAGES.planInUse);
        await repo.removePlan(id);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'delete',
          entity: 'instalment_plan',
          entityId: id,
          changes: { plan: { from: plan, to: null } },
        });
      });
    },

    /** GET /classroom/enrollments/{id}/instalments/ */
    async schedule(user: UserRow, enrollmentId: number): Promise<Instalment[]> {
      await readableEnrollment(user, enrollmentId);
      const today = todayIst();
      return (await createInstalmentRepository(db).scheduleOf(enrollmentId)).map((row) =>
        toInstalment(row, today, rules),
      );
    },

    /** POST /classroom/instalments/{id}/payment/: the instalment's pending payment with its gateway order. */
    async startPayment(student: UserRow, instalmentId: number): Promise<{ payment: PaymentStart; created: boolean }> {
      const instalment = await createInstalmentRepository(db).findInstalment(instalmentId);
      const enrollment = instalment && (await createEnrollmentRepository(db).findRow(instalment.enrollment_id));
      if (!instalment || !enrollment || enrollment.student_id !== student.id) throw notFound();
      const { id, created } = await openInstalmentPayment(db, rules, instalmentId);
      const orderId = await ensureOrder(id);
      const view = toPayment((await createPaymentRepository(db).findView(id))!);
      return { payment: { ...view, gateway: orderId ? checkoutOf(view, orderId) : null }, created };
    },

    /** GET /api/admin/instalments/: every schedule, overdue ones first (then due, then paid), by due date. */
    async adminList(filter: 'overdue' | 'due' | 'paid' | undefined): Promise<AdminInstalment[]> {
      const today = todayIst();
      const rows = await createInstalmentRepository(db).everyInstalment(
        filter === 'paid' ? 'paid' : filter ? 'due' : null,
      );
      const rank = { overdue: 0, due: 1, paid: 2, cancelled: 3 } as const;
      return rows
        .map((row) => ({
          ...toInstalment(row, today, rules),
          enrollment_id: row.enrollment_id,
          student: `${row.first_name} ${row.last_name}`.trim() || row.username,
          program: row.program_title,
        }))
        .filter((row) => !filter || row.status === filter)
        .sort((a, b) => rank[a.status] - rank[b.status] || a.due_on.localeCompare(b.due_on) || a.id - b.id);
    },

    /**
     * POST /api/admin/enrollments/{id}/instalments/refund/: each instalment paid is refunded in full by the
     * payment refund (gateway, credit note, audit; its key per payment, so a retry with the same key repeats
     * nothing), then the dues still open are cancelled (audited). Answers the schedule after.
     */
    async refundAll(
      admin: UserRow,
      enrollmentId: number,
      input: RefundAllInput,
      key: string | undefined,
      refunds: RefundService,
    ): Promise<Instalment[]> {
      const repo = createInstalmentRepository(db);
      if (!(await createEnrollmentRepository(db).findRow(enrollmentId))) throw notFound();
      if ((await repo.scheduleOf(enrollmentId)).length === 0) {
        throw new BusinessError(INSTALMENT_MESSAGES.notInInstalments);
      }
      for (const payment of await repo.paidPayments(enrollmentId)) {
        if (payment.refunded_amount >= payment.amount) continue;
        await refunds.refund(
          admin,
          payment.id,
          { amount: null, reason: input.reason, revoke_access: input.revoke_access },
          key && `${key.slice(0, 80)}:payment-${payment.id}`,
        );
      }
      await inTransaction(db, async (trx) => {
        const cancelled = await cancelOpenInstalments(trx, enrollmentId);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'refund_instalments',
          entity: 'enrollment',
          entityId: enrollmentId,
          changes: { cancelled_instalments: { from: null, to: cancelled }, reason: { from: null, to: input.reason } },
        });
      });
      return this.schedule(admin, enrollmentId);
    },

    /** PATCH /api/admin/instalments/{id}/: a new due date, audited with the reason; a later date lifts a pause. */
    async move(admin: UserRow, id: number, input: MoveInput): Promise<Instalment> {
      return inTransaction(db, async (trx) => {
        const repo = createInstalmentRepository(trx);
        const before = await repo.findInstalment(id);
        if (!before) throw notFound();
        if (before.status !== 'due') throw new BusinessError(INSTALMENT_MESSAGES.moveOnlyDue);
        const today = todayIst();
        if (input.due_on < today) throw new BusinessError(INSTALMENT_MESSAGES.dueInPast);
        const lifts = addDays(input.due_on, deps.config.instalments.graceDays) >= today;
        await repo.updateInstalment(id, {
          due_on: input.due_on,
          ...(lifts ? { suspended_at: null } : {}),
          updated_at: nowIso(),
        });
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'move_due_date',
          entity: 'instalment',
          entityId: id,
          changes: { due_on: { from: before.due_on, to: input.due_on }, reason: { from: null, to: input.reason } },
        });
        return toInstalment((await repo.scheduledOne(id))!, today, rules);
      });
    },
  };
}
export type InstalmentService = ReturnType<typeof createInstalmentService>;
