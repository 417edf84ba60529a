import type { Db } from '../../platform/db/connect.ts';
import { createInstalmentRepository } from './repositories/instalments.ts';

/** What other domains may use of pricing beyond its service (decision record 076). */
export { activePlans } from './instalment-plans.ts';

/** An instalment's place in its schedule ("2 of 3"), for its invoice's description. */
export const instalmentPlace = (db: Db, instalmentId: number) =>
  createInstalmentRepository(db).placeInSchedule(instalmentId);

/** The unpaid instalment that pauses this enrollment's lessons and sessions (decision record 054), if any. */
export const suspendingInstalment = (db: Db, enrollmentId: number) =>
  createInstalmentRepository(db).suspending(enrollmentId);
