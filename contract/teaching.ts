import { z } from 'zod';

/**
 * The instructors' side (decision record 050): who may use the instructor endpoints. Attendance,
 * assignments and certificates keep their own texts and shapes beside this file.
 */
export const TEACHING_MESSAGES = {
  instructorsOnly: 'This is for instructors and administrators.',
  notYourBatch: 'Only the instructor of this batch and administrators can do this.',
  batchInstructorRole:
    'Choose a user whose role is instructor (or an administrator): only they can take the batch’s attendance.',
  notStarted: 'This class has not started yet. Attendance can be taken from its start time.',
  notAStudent: (id: number) =>
    `User ${id} is not a student of this batch (only its enrolled students with access can be marked).`,
} as const;

type Id = number | string;
const P = ':id';

/** The instructor endpoints (decision record 050). */
export const TEACHING_PATHS = {
  batches: '/api/instructor/batches/',
  batch: (id: Id = P) => `/api/instructor/batches/${id}/`,
  sessionAttendance: (id: Id = P) => `/api/instructor/sessions/${id}/attendance/`,
} as const;

const Ids = z.number().int().positive();

/** Where a batch stands today (IST calendar days): before its start, between start and end, after. */
export const BatchState = z.enum(['upcoming', 'running', 'ended']);
export type BatchState = z.infer<typeof BatchState>;

/** A batch in the instructor's list. */
export const TeachBatchSummary = z.object({
  id: Ids,
  name: z.string(),
  program: z.object({ id: Ids, title: z.string() }),
  starts_on: z.string(),
  ends_on: z.string(),
  state: BatchState,
  mode: z.enum(['online', 'classroom', 'hybrid']),
  location: z.string(),
  /** The instructor's full name, or null when the batch has none. */
  instructor: z.string().nullable(),
  students: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  sessions_held: z.number().int().nonnegative(),
});
export type TeachBatchSummary = z.infer<typeof TeachBatchSummary>;

/** A student of the batch as its instructor sees them. */
export const TeachStudent = z.object({
  id: Ids,
  name: z.string(),
  email: z.string(),
  progress_percentage: z.number().int().min(0).max(100),
  /** Sessions attended of the held sessions whose sheet was taken (attendanceRule); null when none. */
  attendance_percentage: z.number().int().min(0).max(100).nullable(),
  /** The student's submissions to the batch's assignments. */
  assignments_done: z.number().int().nonnegative(),
});
export type TeachStudent = z.infer<typeof TeachStudent>;

/** A session of the timetable with its attendance state. */
export const TeachSession = z.object({
  id: Ids,
  title: z.string(),
  /** ISO date-time with the IST offset. */
  starts_at: z.string(),
  duration_minutes: z.number().int().positive(),
  location: z.string(),
  /** Whether it has started (attendance can be taken). */
  started: z.boolean(),
  /** Whether attendance was taken. */
  marked: z.boolean(),
  present: z.number().int().nonnegative(),
});
export type TeachSession = z.infer<typeof TeachSession>;

export const TeachBatch = TeachBatchSummary.extend({
  /** Held classes whose attendance sheet was taken: those attendance counts (decision record 066). */
  sessions_counted: z.number().int().nonnegative(),
  /** The titles of held classes without a sheet, in timetable order: not counted until one is taken. */
  held_without_sheet: z.array(z.string()),
  students: z.array(TeachStudent),
  timetable: z.array(TeachSession),
  /** The program's lessons in course order, for their questions (decision record 073). */
  lessons: z.array(z.object({ id: Ids, title: z.string(), module: z.string() })),
});
export type TeachBatch = z.infer<typeof TeachBatch>;

/** PUT body: the students present; every other student of the batch is absent. */
export const AttendanceInput = z.object({
  present: z.array(Ids, { error: 'present must be a list of student ids.' }).max(2000),
});
export type AttendanceInput = z.infer<typeof AttendanceInput>;

export const AttendanceResult = z.object({ present: z.array(Ids), absent: z.array(Ids) });
export type AttendanceResult = z.infer<typeof AttendanceResult>;

/** GET: the current sheet; present is null for a student not marked yet. */
export const AttendanceSheet = z.object({
  session: z.object({
    id: Ids,
    title: z.string(),
    starts_at: z.string(),
    started: z.boolean(),
    batch: z.object({ id: Ids, name: z.string() }),
  }),
  students: z.array(z.object({ id: Ids, name: z.string(), email: z.string(), present: z.boolean().nullable() })),
  /** When it was last saved (ISO UTC), null when never. */
  marked_at: z.string().nullable(),
});
export type AttendanceSheet = z.infer<typeof AttendanceSheet>;

/** The student's own mark of one session on the course page. */
export const OwnAttendance = z.object({ session: Ids, present: z.boolean() });

/**
 * Attendance percentage (decision record 050): sessions attended out of sessions held, rounded to a whole
 * number (half up); null when none has been held yet.
 */
export function attendanceRule(attended: number, held: number): number | null {
  if (held <= 0) return null;
  return Math.round((Math.min(attended, held) * 100) / held);
}
