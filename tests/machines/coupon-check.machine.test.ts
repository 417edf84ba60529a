import { describe, expect } from 'vitest';
import { COUPON_CHECK_FAILED } from '../../machines/coupon-check.machine.ts';
import { couponApplied, couponCheckModel, couponRefused, scholarshipFound } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('coupon check machine, generated paths', () => {
  testGeneratedPaths(couponCheckModel, (step) => {
    const state = stateOf(step);
    const { applied, error, code, courseId, scholarship } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(state === 'resolving' || state === 'checking');
    // The server is asked for the scholarship (no code) on arrival, and for a typed code only on Apply.
    const calls = actorCalls(step.effects);
    // A code typed while the scholarship is looked up is kept, and asks the server nothing yet.
    const { event } = step;
    if (event.type === 'coupon.edit' && 'code' in event && state !== 'checking') expect(code).toBe(event.code);
    if (state === 'resolving')
      expect(calls).toEqual(
        event.type === 'coupon.edit' ? [] : [{ src: 'checkCoupon', input: { courseType: 'workshop', courseId: 7 } }],
      );
    else if (state === 'checking')
      expect(calls).toEqual([{ src: 'checkCoupon', input: { courseType: 'workshop', courseId: 7, code: 'save10' } }]);
    else expect(calls).toEqual([]);
    // Without a course nothing is ever checked.
    if (courseId === null) expect(['idle']).toContain(state);
    if (state === 'applied') {
      expect(error).toBeNull();
      expect([couponApplied.discount_paise, scholarshipFound.discount_paise]).toContain(applied!.discount);
      // A code applied is the one typed; the scholarship has none.
      expect(applied!.code === null ? scholarshipFound.discount_paise : couponApplied.discount_paise).toBe(
        applied!.discount,
      );
    }
    // Without a code that applies, the scholarship (if any) is what applies, as on the server.
    if (state === 'idle' || state === 'invalid') expect(applied).toEqual(scholarship);
    if (scholarship) expect(scholarship.discount).toBe(scholarshipFound.discount_paise);
    if (state === 'invalid') {
      expect([couponRefused.message, COUPON_CHECK_FAILED]).toContain(error);
    }
    // Apply with nothing typed does nothing.
    if (step.event.type === 'coupon.apply' && code.trim() === '') expect(state).not.toBe('checking');
  });
});
