import { addDays, istToday } from '../../../contract/index.ts';
import { createBilling } from '../billing/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { InstalmentRow } from '../../platform/db/schema.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { BusinessError } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { instalmentEmail } from './instalment-templates.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { findEnrollmentRow } from '../enrollments/index.ts';
import { createInstalmentRepository } from './repositories/instalments.ts';
import { holdPayment } from '../payments/index.ts';
import { findProgram } from '../catalogue/index.ts';
import { findUserById } from '../accounts/index.ts';
import { openInstalmentPayment, todayIst, toInstalment } from './instalment-schedule.ts';
import type { PricingRules } from './service.ts';
import { noticeOf } from '../notifications/index.ts';

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
      const enrollment = await findEnrollmentRow(trx, instalment.enrollment_id);
      if (!enrollment) return false;
      const student = await findUserById(trx, enrollment.student_id);
      const program = await findProgram(trx, enrollment.course_id);
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
      await noticeOf.instalment(trx, ctx, student.id, {
        kind,
        name: student.first_name || 'student',
        number: instalment.number,
        totalPaise: total_paise,
        dueOn: instalment.due_on,
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
      await holdPayment(trx, id);
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
