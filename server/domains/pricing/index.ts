import type { Db } from '../../platform/db/connect.ts';
import { createInstalmentRepository } from './repositories/instalments.ts';

/** What other domains may use of pricing beyond its service (decision record 076). */
export { activePlans, choosePlan, planSteps } from './instalment-plans.ts';
/** A payment's coupon: the best discount at its start, taken back when it fails, and wrong guesses counted. */
export { chooseDiscount, retakeCouponUse } from './coupon-discounts.ts';
export { isCouponRefusal, recordGuess, type GuessLimits } from './coupon-guesses.ts';
/** Which payment statuses hold a coupon's use (a rule on statuses, no query). */
export { holdsCouponUse } from './repositories/coupons.ts';
export { pausingInstalments } from './repositories/instalments.ts';
/** Instalment schedules: made when the first payment completes, ended with the enrollment, shown by date. */
export {
  cancelOpenInstalments,
  instalmentsOnCompletion,
  openOwnInstalmentPayment,
  refuseEndedEnrollment,
  todayIst,
  toInstalment,
} from './instalment-schedule.ts';

/** An instalment's place in its schedule ("2 of 3"), for its invoice's description. */
export const instalmentPlace = (db: Db, instalmentId: number) =>
  createInstalmentRepository(db).placeInSchedule(instalmentId);

/** The unpaid instalment that pauses this enrollment's lessons and sessions (decision record 054), if any. */
export const suspendingInstalment = (db: Db, enrollmentId: number) =>
  createInstalmentRepository(db).suspending(enrollmentId);

/** An enrollment's instalment schedule, in order (the rows `toInstalment` shows). */
export const instalmentSchedule = (db: Db, enrollmentId: number) =>
  createInstalmentRepository(db).scheduleOf(enrollmentId);
