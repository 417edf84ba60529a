import type { z } from 'zod';
import {
  INSTALMENT_MESSAGES,
  type InstalmentPlan,
  type InstalmentPlanInput,
  type InstalmentPlanPatch,
  type InstalmentStep,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { InstalmentPlanRow, UserRow } from '../../platform/db/schema.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createInstalmentRepository } from './repositories/instalments.ts';
import { findProgram } from '../catalogue/index.ts';

/**
 * A program's instalment plans (decision record 054): the administrators' plans, the active ones a program
 * page offers, and the plan a payment start names.
 */

type PlanInput = z.output<typeof InstalmentPlanInput>;
type PlanPatch = z.output<typeof InstalmentPlanPatch>;

export const planSteps = (row: Pick<InstalmentPlanRow, 'schedule'>): InstalmentStep[] =>
  JSON.parse(row.schedule) as InstalmentStep[];

function toPlan(row: InstalmentPlanRow): InstalmentPlan {
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

/** The administrators' plans of a program: list, create, read, change, delete (each audited). */
export function createInstalmentPlanService(db: Db) {
  async function planOr404(trx: Db, id: number): Promise<InstalmentPlanRow> {
    const plan = await createInstalmentRepository(trx).findPlan(id);
    if (!plan) throw notFound();
    return plan;
  }

  return {
    async listPlans(programId: number): Promise<InstalmentPlan[]> {
      if (!(await findProgram(db, programId))) throw notFound();
      return (await createInstalmentRepository(db).plansOfProgram(programId)).map(toPlan);
    },

    async createPlan(admin: UserRow, programId: number, input: PlanInput): Promise<InstalmentPlan> {
      return inTransaction(db, async (trx) => {
        if (!(await findProgram(trx, programId))) throw notFound();
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
  };
}
