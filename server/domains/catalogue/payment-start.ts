import type { z } from 'zod';
import type { CourseType, PaymentStartInput } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { PaymentService } from '../payments/service.ts';
import { beforePaymentStart } from '../privacy/index.ts';

/**
 * A student starts paying for a program or workshop: privacy's checks and consents first (a minor without
 * a parent's confirmation is refused, the boxes ticked at checkout recorded), then the payments service's
 * start (free workshops enroll at once). Answers the payment and whether it is new.
 */
export function createCoursePaymentStart(db: Db, payments: Pick<PaymentService, 'start'>, noticeVersion: string) {
  return async (student: UserRow, courseType: CourseType, id: number, input: z.output<typeof PaymentStartInput>) => {
    await beforePaymentStart(db, noticeVersion, student, input);
    return payments.start(student, courseType, id, input);
  };
}
