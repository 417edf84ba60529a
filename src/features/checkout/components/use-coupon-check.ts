import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CouponCheckLogic } from '../../../../machines/coupon-check.machine.ts';

/** The coupon check the checkout machine runs as its child (see coupon-entry.tsx): what it shows, what it is sent. */
export function useCouponCheck(ref: ActorRefFrom<CouponCheckLogic>) {
  const code = useSelector(ref, (s) => s.context.code);
  const applied = useSelector(ref, (s) => s.context.applied);
  const error = useSelector(ref, (s) => (s.matches('invalid') ? s.context.error : null));
  const checking = useSelector(ref, (s) => s.hasTag('busy'));
  return {
    code,
    applied,
    error,
    checking,
    edit: (next: string) => ref.send({ type: 'coupon.edit', code: next }),
    apply: () => ref.send({ type: 'coupon.apply' }),
    remove: () => ref.send({ type: 'coupon.remove' }),
  };
}
