import type { Db } from '../../platform/db/connect.ts';
import { createBatchRepository } from './repository.ts';

/** What other domains may use of batches beyond its service (decision record 076). */
export { calendarFeed, createCalendarTokens } from './calendar.ts';
export { toSession } from './sessions.ts';

/** A batch by its id. */
export const findBatch = (db: Db, id: number) => createBatchRepository(db).findById(id);

/** A live session of a batch by its id. */
export const findBatchSession = (db: Db, id: number) => createBatchRepository(db).findSession(id);

/** A batch's live sessions in the order they start. */
export const batchSessions = (db: Db, batchId: number) => createBatchRepository(db).sessions(batchId);

/** A program's id, title and whether it is active (the program a batch or a course belongs to). */
export const batchProgram = (db: Db, programId: number) => createBatchRepository(db).program(programId);
