import { COUPON_MESSAGES, type CouponCheck } from '../../../contract/index.ts';
import { couponCheckMachine, type CouponCheckInput } from '../../../machines/coupon-check.machine.ts';
import type { MachineModel } from '../machine-model.ts';

export const couponApplied: CouponCheck = {
  valid: true,
  discount_paise: 100000,
  price_after_paise: 900000,
  discount: 1000,
  price_after: 9000,
  message: COUPON_MESSAGES.applied,
  rule: { kind: 'fixed', value: 100000 },
};
export const couponRefused: CouponCheck = {
  valid: false,
  discount_paise: 0,
  price_after_paise: 1000000,
  discount: 0,
  price_after: 10000,
  message: COUPON_MESSAGES.usedUp,
  rule: null,
};
export const scholarshipFound: CouponCheck = {
  valid: true,
  discount_paise: 300000,
  price_after_paise: 700000,
  discount: 3000,
  price_after: 7000,
  message: '',
  rule: { kind: 'percent', value: 30 },
};
export const noScholarship: CouponCheck = {
  valid: false,
  discount_paise: 0,
  price_after_paise: 1000000,
  discount: 0,
  price_after: 10000,
  message: '',
  rule: null,
};

export const couponCheckModel: MachineModel<CouponCheckInput> = {
  name: 'coupon-check',
  machine: couponCheckMachine,
  actors: ['checkCoupon'],
  appActions: [],
  inputs: [
    { courseType: 'workshop', courseId: '7' },
    { courseType: 'program', courseId: 'not-a-number' },
  ],
  events: [
    { type: 'xstate.done.actor.scholarship', output: scholarshipFound },
    { type: 'xstate.done.actor.scholarship', output: noScholarship },
    { type: 'xstate.error.actor.scholarship', error: new Error('offline') },
    { type: 'coupon.edit', code: ' save10 ' },
    { type: 'coupon.edit', code: '' },
    { type: 'coupon.apply' },
    { type: 'xstate.done.actor.checkCoupon', output: couponApplied },
    { type: 'xstate.done.actor.checkCoupon', output: couponRefused },
    { type: 'xstate.error.actor.checkCoupon', error: new Error('offline') },
    { type: 'coupon.remove' },
  ],
};
