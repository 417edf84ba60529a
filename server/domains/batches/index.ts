import type { Db } from '../../platform/db/connect.ts';
import { createBatchRepository } from './repository.ts';

/** What other domains may use of batches beyond its service (decision record 076). */
export { createBatchJoinedMail } from './batch-mail.ts';
export { calendarFeed, createCalendarTokens } from './calendar.ts';
export { toSession } from './sessions.ts';
/** "Sat, 9 Jan 2027, 7:00 pm IST": a date-time in the course emails' words. */
export { formatIst } from './templates.ts';

/** A batch by its id. */
export const findBatch = (db: Db, id: number) => createBatchRepository(db).findById(id);

/** A live session of a batch by its id. */
export const findBatchSession = (db: Db, id: number) => createBatchRepository(db).findSession(id);

/** A batch's live sessions in the order they start. */
export const batchSessions = (db: Db, batchId: number) => createBatchRepository(db).sessions(batchId);

/** A program's id, title and whether it is active (the program a batch or a course belongs to). */
export const batchProgram = (db: Db, programId: number) => createBatchRepository(db).program(programId);

/** The ids of a batch's active students above `afterId`, lowest first, at most `limit` (an announcement's recipients). */
export const activeStudentIdsAfter = (db: Db, batchId: number, afterId: number, limit: number) =>
  createBatchRepository(db).activeStudentIdsAfter(batchId, afterId, limit);

/** How many students a batch has active. */
export const activeStudentCount = (db: Db, batchId: number) => createBatchRepository(db).activeStudentCount(batchId);
