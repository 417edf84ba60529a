import type { CourseType } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createPaymentRepository } from './repositories/payments.ts';

/** What other domains may use of this one beyond its service (decision record 076). */
export { toPayment } from './present.ts';

/** Whether any payment was ever started for this program or workshop (the catalogue archives it then). */
export const paymentsExistForCourse = (db: Db, courseType: CourseType, courseId: number): Promise<boolean> =>
  createPaymentRepository(db).hasAnyForCourse(courseType, courseId);

/** The payment's stored row (in the caller's transaction when given one), or undefined. */
export const findPaymentRow = (db: Db, id: number) => createPaymentRepository(db).findRow(id);
