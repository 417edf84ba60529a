import { useMachine } from '@xstate/react';
import type { CouponCheckLogic } from '../../../../machines/coupon-check.machine.ts';

/** The checkout's coupon, from the coupon-check machine the page is given (see coupon-entry.tsx). */
export function useCouponCheck(logic: CouponCheckLogic, courseType: string, courseId: string) {
  const [snapshot, send] = useMachine(logic, { input: { courseType, courseId } });
  return {
    code: snapshot.context.code,
    applied: snapshot.context.applied,
    error: snapshot.matches('invalid') ? snapshot.context.error : null,
    checking: snapshot.hasTag('busy'),
    edit: (code: string) => send({ type: 'coupon.edit', code }),
    apply: () => send({ type: 'coupon.apply' }),
    remove: () => send({ type: 'coupon.remove' }),
  };
}
