import { useEffect, useRef } from 'react';
import type { AppliedCoupon, CouponCheckLogic } from '../../../../machines/coupon-check.machine.ts';
import { useCouponCheck } from './use-coupon-check.ts';

type Props = {
  logic: CouponCheckLogic;
  courseType: string;
  courseId: string;
  disabled: boolean;
  /** The code applied before the gateway's page: applied again once the scholarship is looked up. */
  initialCode?: string | null;
  /** The discount now applied (null: none), for the order summary and the payment start. */
  onApplied: (applied: AppliedCoupon | null) => void;
};

/**
 * The checkout's coupon field with Apply (decision record 053): the server's answer shows as applied (with
 * Remove) or as the reason the code does not apply. A scholarship applies by itself and says so.
 */
export function CouponEntry({ logic, courseType, courseId, disabled, initialCode = null, onApplied }: Props) {
  const coupon = useCouponCheck(logic, courseType, courseId);
  const { applied, error, checking } = coupon;
  useEffect(() => onApplied(applied), [applied, onApplied]);
  const restored = useRef(false);
  useEffect(() => {
    if (checking || restored.current) return;
    restored.current = true;
    if (initialCode) {
      coupon.edit(initialCode);
      coupon.apply();
    }
  }, [checking, initialCode, coupon]);
  return (
    <form
      className="coupon-entry"
      aria-label="Coupon"
      onSubmit={(event) => {
        event.preventDefault();
        coupon.apply();
      }}
    >
      <label htmlFor="coupon-code">Coupon code</label>
      <div className="btn-row">
        <input
          id="coupon-code"
          name="coupon"
          autoComplete="off"
          value={coupon.code}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-error' : applied ? 'coupon-applied' : undefined}
          onChange={(event) => coupon.edit(event.target.value)}
        />
        <button type="submit" className="btn btn-outline" disabled={disabled || coupon.checking}>
          {coupon.checking ? 'Checking…' : 'Apply'}
        </button>
        {applied?.code ? (
          <button type="button" className="btn btn-ghost" disabled={disabled} onClick={coupon.remove}>
            Remove
          </button>
        ) : null}
      </div>
      {error ? (
        <p id="coupon-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {applied ? (
        <p id="coupon-applied" className="meta" role="status">
          {applied.code ? `${applied.code}: ${applied.message}` : 'Your scholarship is applied.'}
        </p>
      ) : null}
    </form>
  );
}
