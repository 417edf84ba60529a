import type { ActorRefFrom } from 'xstate';
import type { CouponCheckLogic } from '../../../../machines/coupon-check.machine.ts';
import { useCouponCheck } from './use-coupon-check.ts';

type Props = {
  /** The coupon check the checkout machine runs (it reports what applies to the checkout). */
  actor: ActorRefFrom<CouponCheckLogic>;
  disabled: boolean;
};

/**
 * The checkout's coupon field with Apply (decision record 053): the server's answer shows as applied (with
 * Remove) or as the reason the code does not apply. A scholarship applies by itself and says so.
 */
export function CouponEntry({ actor, disabled }: Props) {
  const coupon = useCouponCheck(actor);
  const { applied, error } = coupon;
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
