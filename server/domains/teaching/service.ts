import {
  attendanceRule,
  istToday,
  TEACHING_MESSAGES,
  type AttendanceResult,
  type AttendanceSheet,
  type BatchState,
  type TeachBatch,
  type TeachBatchSummary,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { BatchRow, UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createAttendanceRepository } from './repositories/attendance.ts';
import { batchSessions, findBatchSession } from '../batches/index.ts';
import { createTeachingRepository } from './repositories/teaching.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { assertInstructor, assertTeachesBatch, programLessons } from '../lessons/index.ts';
import { istIsoDateTime } from '../../../contract/time.ts';

/**
 * The instructor area (decision record 050): an instructor's batches (an administrator's: all), a batch's
 * students and timetable, and the attendance sheet of a session. Who may is asked of course-access.ts.
 */

type BatchWithNames = BatchRow & { program_title: string; first_name: string | null; last_name: string | null };

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function stateOf(batch: Pick<BatchRow, 'starts_on' | 'ends_on'>, today: string): BatchState {
  if (today < batch.starts_on) return 'upcoming';
  return today > batch.ends_on ? 'ended' : 'running';
}

function summary(
  batch: BatchWithNames,
  today: string,
  students: number,
  sessions: { all: number; held: number },
): TeachBatchSummary {
  return {
    id: batch.id,
    name: batch.name,
    program: { id: batch.course_id, title: batch.program_title },
    starts_on: batch.starts_on,
    ends_on: batch.ends_on,
    state: stateOf(batch, today),
    mode: batch.mode,
    location: batch.location,
    instructor: batch.instructor_id === null ? null : fullName(batch.first_name, batch.last_name) || null,
    students,
    sessions: sessions.all,
    sessions_held: sessions.held,
  };
}

/** The batch a caller may teach, or 404 / 401 / 403. */
async function taughtBatch(db: Db, user: UserRow | null, batchId: number): Promise<BatchWithNames> {
  assertInstructor(user);
  const batch = await createTeachingRepository(db).batch(batchId);
  if (!batch) throw notFound();
  assertTeachesBatch(user, batch);
  return batch;
}

/** The session and its batch, for one who teaches it. */
async function taughtSession(db: Db, user: UserRow | null, sessionId: number) {
  assertInstructor(user);
  const session = await findBatchSession(db, sessionId);
  if (!session) throw notFound();
  const batch = await createTeachingRepository(db).batch(session.batch_id);
  if (!batch) throw notFound();
  const teacher = assertTeachesBatch(user, batch);
  return { session, batch, teacher };
}

export function createTeachingService(db: Db) {
  const repo = createTeachingRepository(db);
  return {
    /** GET /api/instructor/batches/: upcoming and running batches, the caller's (all for an administrator). */
    async batches(user: UserRow | null, now: number): Promise<TeachBatchSummary[]> {
      const caller = assertInstructor(user);
      const today = istToday(new Date(now));
      const rows = await repo.batches(caller.role === 'admin' ? null : caller.id, today);
      const ids = rows.map((b) => b.id);
      const students = await repo.studentCounts(ids);
      const sessions = await repo.sessionCounts(ids, new Date(now).toISOString());
      return rows.map((b) => summary(b, today, students.get(b.id) ?? 0, sessions.get(b.id) ?? { all: 0, held: 0 }));
    },

    /** GET /api/instructor/batches/{id}/: the batch, its students and its timetable. */
    async batch(user: UserRow | null, batchId: number, now: number): Promise<TeachBatch> {
      const batch = await taughtBatch(db, user, batchId);
      const nowIso = new Date(now).toISOString();
      const today = istToday(new Date(now));
      const students = await repo.students(batch.id);
      const sessions = await batchSessions(db, batch.id);
      const marks = await repo.marks(batch.id);
      const submissions = await repo.submissionCounts(batch.id);
      const held = sessions.filter((s) => s.starts_at <= nowIso);
      const studentIds = new Set(students.map((s) => s.id));
      // Only classes whose sheet was taken count (decision record 066); the others are listed as such.
      const sheetIds = new Set(marks.map((m) => m.session_id));
      const counted = held.filter((s) => sheetIds.has(s.id));
      const heldIds = new Set(counted.map((s) => s.id));
      const lessons = await programLessons(db, batch.course_id);
      return {
        ...summary(batch, today, students.length, { all: sessions.length, held: held.length }),
        sessions_counted: counted.length,
        held_without_sheet: held.filter((s) => !sheetIds.has(s.id)).map((s) => s.title),
        students: students.map((s) => ({
          id: s.id,
          name: fullName(s.first_name, s.last_name),
          email: s.email,
          progress_percentage: s.progress_percentage,
          // The rule of attendancePercentage (services/attendance.ts), from the marks read once for all.
          attendance_percentage: attendanceRule(
            marks.filter((m) => m.student_id === s.id && m.present === 1 && heldIds.has(m.session_id)).length,
            counted.length,
          ),
          assignments_done: submissions.get(s.id) ?? 0,
        })),
        timetable: sessions.map((s) => {
          const own = marks.filter((m) => m.session_id === s.id && studentIds.has(m.student_id));
          return {
            id: s.id,
            title: s.title,
            starts_at: istIsoDateTime(Date.parse(s.starts_at)),
            duration_minutes: s.duration_minutes,
            location: s.location,
            started: s.starts_at <= nowIso,
            marked: marks.some((m) => m.session_id === s.id),
            present: own.filter((m) => m.present === 1).length,
          };
        }),
        lessons,
      };
    },

    /** GET /api/instructor/sessions/{id}/attendance/: the current sheet. */
    async sheet(user: UserRow | null, sessionId: number, now: number): Promise<AttendanceSheet> {
      const { session, batch } = await taughtSession(db, user, sessionId);
      const students = await repo.students(batch.id);
      const marks = await createAttendanceRepository(db).sessionMarks(session.id);
      const byStudent = new Map(marks.map((m) => [m.student_id, m]));
      const latest = marks.reduce<string | null>((at, m) => (at === null || m.marked_at > at ? m.marked_at : at), null);
      return {
        session: {
          id: session.id,
          title: session.title,
          starts_at: istIsoDateTime(Date.parse(session.starts_at)),
          started: session.starts_at <= new Date(now).toISOString(),
          batch: { id: batch.id, name: batch.name },
        },
        students: students.map((s) => {
          const mark = byStudent.get(s.id);
          return {
            id: s.id,
            name: fullName(s.first_name, s.last_name),
            email: s.email,
            present: mark ? mark.present === 1 : null,
          };
        }),
        marked_at: latest,
      };
    },

    /**
     * PUT /api/instructor/sessions/{id}/attendance/: the students present; every other active student of
     * the batch is absent. Can be taken again (the last answer stands); the change is audited in the
     * same transaction.
     */
    async save(user: UserRow | null, sessionId: number, present: number[], now: number): Promise<AttendanceResult> {
      const { session, teacher } = await taughtSession(db, user, sessionId);
      const nowIso = new Date(now).toISOString();
      if (session.starts_at > nowIso) throw new BusinessError(TEACHING_MESSAGES.notStarted);
      return inTransaction(db, async (trx) => {
        const students = await createTeachingRepository(trx).students(session.batch_id);
        const ids = students.map((s) => s.id);
        const known = new Set(ids);
        const stranger = present.find((id) => !known.has(id));
        if (stranger !== undefined) throw new BusinessError(TEACHING_MESSAGES.notAStudent(stranger));
        const here = new Set(present);
        const attendance = createAttendanceRepository(trx);
        const before = new Map((await attendance.sessionMarks(session.id)).map((m) => [m.student_id, m.present === 1]));
        const changes: Record<string, { from: boolean | null; to: boolean }> = {};
        for (const id of ids) {
          const isHere = here.has(id);
          const was = before.get(id) ?? null;
          if (was !== isHere) changes[String(id)] = { from: was, to: isHere };
          await attendance.mark(session.id, id, isHere, teacher.id, nowIso);
        }
        await createAuditRepository(trx).record({
          actorId: teacher.id,
          action: 'attendance',
          entity: 'session',
          entityId: session.id,
          changes: { students: changes },
        });
        const sorted = [...ids].sort((a, b) => a - b);
        return { present: sorted.filter((id) => here.has(id)), absent: sorted.filter((id) => !here.has(id)) };
      });
    },
  };
}
