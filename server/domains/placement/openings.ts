import type { z } from 'zod';
import {
  APPLICATION_STAGES,
  OPENING_MESSAGES,
  STAGE_LABELS,
  type Application,
  type ApplicationInput,
  type Opening,
  type OpeningInput,
  type StageInput,
  type StudentOpening,
} from '../../../contract/placement-openings.ts';
import { istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/lib/db-errors.ts';
import { BusinessError, HttpError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import type { MailContext } from '../accounts/templates.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { eligible, toApplication, toOpening } from './answers.ts';
import { keepPdf, type PdfUpload } from './documents.ts';
import { openingsRepository, placementRepository } from './repository.ts';
import type { FileStore } from '../../platform/files/store.ts';
import { applicationStageEmail } from './templates.ts';

/**
 * Openings and applications (decision record 078). Who may: the office manages openings and moves
 * applications; a student sees the open openings of their programs and batches, applies once (a cover note
 * and, from the dashboard's form, a résumé: documents.ts), and may withdraw while it is in progress. Every change is audited and reaches the student by email (outbox).
 */

type ApplicationRowView = NonNullable<Awaited<ReturnType<ReturnType<typeof openingsRepository>['application']>>>;

const IN_PROGRESS = ['applied', 'shortlisted', 'interview_scheduled'] as const;
const NOT_WITHDRAWN = APPLICATION_STAGES.filter((s) => s !== 'withdrawn');

export function createOpeningsService(db: Db, mail: MailContext, resumes: FileStore) {
  async function openingView(trx: Db, id: number): Promise<Opening> {
    const row = await openingsRepository(trx).opening(id);
    if (!row) throw notFound();
    return toOpening(row);
  }
  async function applicationRow(trx: Db, id: number): Promise<ApplicationRowView> {
    const row = await openingsRepository(trx).application(id);
    if (!row) throw notFound();
    return row;
  }

  /** The student hears of every change by email; the dashboard shows the stage. */
  async function tell(trx: Db, row: ApplicationRowView): Promise<void> {
    if (!row.email) return;
    await enqueueEmail(trx, {
      template: 'application_stage',
      to: [row.email],
      ...applicationStageEmail(mail, {
        name: row.first_name || row.username,
        opening: row.opening_title,
        employer: row.employer_name,
        stage: STAGE_LABELS[row.stage],
        interviewAt: row.interview_at,
        interviewMode: row.interview_mode,
      }),
    });
  }

  const openingRow = (input: z.output<typeof OpeningInput>) => ({
    employer_id: input.employer,
    title: input.title,
    location: input.location,
    ctc_min: input.ctc_min,
    ctc_max: input.ctc_max,
    programs: JSON.stringify(input.programs),
    batches: JSON.stringify(input.batches),
    description: input.description,
    deadline: input.deadline,
    status: input.status,
  });

  async function checkEmployer(trx: Db, id: number): Promise<void> {
    const found = await placementRepository(trx).employer(id);
    if (!found) throw new BusinessError(OPENING_MESSAGES.unknownEmployer);
  }

  return {
    async openings(status?: string): Promise<Opening[]> {
      return (await openingsRepository(db).openings(status)).map(toOpening);
    },

    createOpening: (admin: UserRow, input: z.output<typeof OpeningInput>): Promise<Opening> =>
      inTransaction(db, async (trx) => {
        await checkEmployer(trx, input.employer);
        const now = nowIso();
        const { id } = await openingsRepository(trx).insertOpening({
          ...openingRow(input),
          created_at: now,
          updated_at: now,
        });
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'create',
          entity: 'placement_opening',
          entityId: id,
          changes: { title: input.title, employer: input.employer, status: input.status },
        });
        return openingView(trx, id);
      }),

    updateOpening: (admin: UserRow, id: number, input: z.output<typeof OpeningInput>): Promise<Opening> =>
      inTransaction(db, async (trx) => {
        await openingView(trx, id);
        await checkEmployer(trx, input.employer);
        await openingsRepository(trx).updateOpening(id, { ...openingRow(input), updated_at: nowIso() });
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'update',
          entity: 'placement_opening',
          entityId: id,
          changes: { title: input.title, status: input.status, deadline: input.deadline },
        });
        return openingView(trx, id);
      }),

    deleteOpening: (admin: UserRow, id: number): Promise<void> =>
      inTransaction(db, async (trx) => {
        const opening = await openingView(trx, id);
        if (opening.applications > 0) throw new BusinessError(OPENING_MESSAGES.hasApplications);
        await openingsRepository(trx).deleteOpening(id);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'delete',
          entity: 'placement_opening',
          entityId: id,
          changes: { title: opening.title },
        });
      }),

    async openingApplications(openingId: number): Promise<Application[]> {
      await openingView(db, openingId);
      return (await openingsRepository(db).applications({ opening: openingId })).map((a) => toApplication(a, 'office'));
    },

    /** The open openings of the student's programs and batches (deadline not passed), with their application. */
    async studentOpenings(student: UserRow): Promise<StudentOpening[]> {
      const repo = openingsRepository(db);
      const enrolled = await repo.studentPrograms(student.id);
      const mine = (await repo.applications({ student: student.id })).map((a) => toApplication(a, 'student'));
      const today = istToday();
      return (await repo.openings('open'))
        .map(toOpening)
        .filter((o) => eligible(o, enrolled) && (o.deadline >= today || mine.some((a) => a.opening === o.id)))
        .map((o) => ({ ...o, applications: 0, application: mine.find((a) => a.opening === o.id) ?? null }));
    },

    async studentApplications(student: UserRow): Promise<Application[]> {
      return (await openingsRepository(db).applications({ student: student.id })).map((a) =>
        toApplication(a, 'student'),
      );
    },

    /** Applies once, with a cover note and (a form's) résumé, saved first and removed if the application fails. */
    async apply(
      student: UserRow,
      openingId: number,
      input: z.output<typeof ApplicationInput>,
      resume: PdfUpload | null,
    ): Promise<Application> {
      const kept = await keepPdf(resumes, resume);
      try {
        return await inTransaction(db, async (trx) => {
          const repo = openingsRepository(trx);
          const row = await repo.opening(openingId);
          // An opening not open to the student's batches is not theirs to see: 404, as for a stranger's.
          if (!row || !eligible(toOpening(row), await repo.studentPrograms(student.id))) throw notFound();
          if (row.status !== 'open' || row.deadline < istToday()) throw new BusinessError(OPENING_MESSAGES.closed);
          const now = nowIso();
          let id: number;
          try {
            ({ id } = await repo.insertApplication({
              opening_id: openingId,
              student_id: student.id,
              interview_at: null,
              interview_mode: null,
              cover_note: input.cover_note,
              resume: kept.stored,
              resume_name: kept.name,
              resume_size: kept.size,
              created_at: now,
              updated_at: now,
            }));
          } catch (error) {
            if (isUniqueViolation(error)) throw new HttpError(409, OPENING_MESSAGES.alreadyApplied);
            throw error;
          }
          await createAuditRepository(trx).record({
            actorId: student.id,
            action: 'create',
            entity: 'placement_application',
            entityId: id,
            changes: { opening: openingId, stage: 'applied', resume: kept.stored, bytes: kept.size },
          });
          const created = await applicationRow(trx, id);
          await tell(trx, created);
          return toApplication(created, 'student');
        });
      } catch (error) {
        await resumes.remove(kept.stored);
        throw error;
      }
    },

    /** The office moves an application to a stage (any but from withdrawn); the student is emailed. */
    setStage: (admin: UserRow, id: number, input: z.output<typeof StageInput>): Promise<Application> =>
      inTransaction(db, async (trx) => {
        const before = await applicationRow(trx, id);
        const interview = input.stage === 'interview_scheduled';
        const moved = await openingsRepository(trx).setStage(
          id,
          {
            stage: input.stage,
            interview_at: interview ? input.interview_at! : null,
            interview_mode: interview ? input.interview_mode! : null,
            updated_at: nowIso(),
          },
          NOT_WITHDRAWN,
        );
        if (!moved) throw new BusinessError(OPENING_MESSAGES.stageFinal);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'stage',
          entity: 'placement_application',
          entityId: id,
          changes: { stage: { from: before.stage, to: input.stage }, note: input.note },
        });
        const after = await applicationRow(trx, id);
        await tell(trx, after);
        return toApplication(after, 'office');
      }),

    /** The student withdraws their own application while it is in progress. */
    withdraw: (student: UserRow, id: number): Promise<Application> =>
      inTransaction(db, async (trx) => {
        const before = await openingsRepository(trx).application(id);
        if (!before || before.student_id !== student.id) throw notFound();
        const moved = await openingsRepository(trx).setStage(
          id,
          { stage: 'withdrawn', updated_at: nowIso() },
          IN_PROGRESS,
        );
        if (!moved) throw new BusinessError(OPENING_MESSAGES.notWithdrawable);
        await createAuditRepository(trx).record({
          actorId: student.id,
          action: 'stage',
          entity: 'placement_application',
          entityId: id,
          changes: { stage: { from: before.stage, to: 'withdrawn' } },
        });
        return toApplication(await applicationRow(trx, id), 'student');
      }),
  };
}
