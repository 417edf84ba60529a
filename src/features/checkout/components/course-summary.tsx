import { Link } from 'react-router-dom';
import {
  GST_RATE_PERCENT,
  isIntraState,
  quote,
  rupeesToPaise,
  stateName,
  type PricingRules,
} from '../../../../contract/index.ts';
import type { AppliedCoupon } from '../../../../machines/coupon-check.machine.ts';
import type { CheckoutCourse } from '../../../../machines/checkout.machine.ts';
import { loginWithNext, paths, registerWithNext } from '../../../config/paths.ts';
import { useBack } from '../../../lib/navigation.ts';
import { formatINR, formatPaise } from '../../../utils/format.ts';
import { WasPrice } from '../../../components/was-price.tsx';
import type { ChosenPlan } from './use-chosen-plan.ts';

type Props = {
  course: CheckoutCourse;
  /** How prices are taxed (GET /api/config/); null while it loads: the price alone shows. */
  pricing?: PricingRules | null;
  /** The billing state chosen in the form ('' none yet: the institute's state is the place of supply). */
  stateCode?: string;
  /** The discount the server confirmed (a coupon applied, or the student's scholarship), if any. */
  discount?: AppliedCoupon | null;
  /** The instalment plan chosen (null: paying in full): the summary says what is paid today and after. */
  plan?: ChosenPlan | null;
};

export function CourseSummary({ course, pricing = null, stateCode = '', discount = null, plan = null }: Props) {
  return (
    <aside className="card" aria-labelledby="summary-title">
      <p className="meta">{course.courseType === 'program' ? 'Program' : 'Workshop'}</p>
      <h2 id="summary-title">{course.title}</h2>
      <p className="clamp-3">{course.description}</p>
      <p className="price">
        <WasPrice original={course.originalPrice} price={course.price} />
        <span>{course.price === 0 ? 'Free' : formatINR(course.price)}</span>
        {pricing && course.price > 0 ? (
          <span className="meta"> {pricing.pricesIncludeGst ? 'incl. GST' : `+ ${GST_RATE_PERCENT}% GST`}</span>
        ) : null}
      </p>
      {plan ? (
        <PlanSummary plan={plan} />
      ) : pricing && course.price > 0 ? (
        <TaxBreakdown price={course.price} pricing={pricing} stateCode={stateCode} discount={discount} />
      ) : (
        <p className="meta">Total payable: {formatINR(course.price)}</p>
      )}
    </aside>
  );
}

/**
 * The order summary, by the one quote function the server charges and invoices by (contract/quote.ts):
 * list price, the discount and its code, taxable value, CGST + SGST (billing state the institute's) or
 * IGST, and the total, in integer paise.
 */
function TaxBreakdown({
  price,
  pricing,
  stateCode,
  discount,
}: {
  price: number;
  pricing: PricingRules;
  stateCode: string;
  discount: AppliedCoupon | null;
}) {
  const q = quote({
    listPrice: rupeesToPaise(price),
    // The server's discount in paise, as a fixed amount: the same figure the payment start computes.
    coupon: discount
      ? {
          kind: 'fixed',
          value: discount.discount,
          code: discount.code,
          source: discount.code ? 'coupon' : 'scholarship',
        }
      : null,
    pricesIncludeGst: pricing.pricesIncludeGst,
    intraState: isIntraState(pricing, stateCode),
  });
  const place = stateName(stateCode || pricing.instituteStateCode);
  const half = GST_RATE_PERCENT / 2;
  return (
    <section aria-label="Price breakdown">
      <dl className="tax-breakdown">
        {q.discount > 0 ? (
          <>
            <dt>List price</dt>
            <dd>{formatPaise(q.listPrice)}</dd>
            <dt>Discount{q.coupon?.code ? ` (${q.coupon.code})` : ' (scholarship)'}</dt>
            <dd>−{formatPaise(q.discount)}</dd>
          </>
        ) : null}
        <dt>Taxable value</dt>
        <dd>{formatPaise(q.taxable)}</dd>
        {q.intraState ? (
          <>
            <dt>CGST {half}%</dt>
            <dd>{formatPaise(q.cgst)}</dd>
            <dt>SGST {half}%</dt>
            <dd>{formatPaise(q.sgst)}</dd>
          </>
        ) : (
          <>
            <dt>IGST {GST_RATE_PERCENT}%</dt>
            <dd>{formatPaise(q.igst)}</dd>
          </>
        )}
        <dt>Total payable</dt>
        <dd>
          <strong>{formatPaise(q.total)}</strong>
        </dd>
      </dl>
      <p className="meta">
        {pricing.pricesIncludeGst ? 'Prices include GST.' : 'GST is added to the price.'}
        {place ? ` Place of supply: ${place}.` : ''}
      </p>
    </section>
  );
}

/** With a plan chosen: today's payment, the rest with its IST dates, and the plan's total (decision 067). */
function PlanSummary({ plan }: { plan: ChosenPlan }) {
  const total = plan.instalments.reduce((sum, i) => sum + i.split.total, 0);
  return (
    <section aria-label="Price breakdown">
      <dl className="tax-breakdown">
        <dt>Plan</dt>
        <dd>{plan.plan.name}</dd>
        <dt>Pay today</dt>
        <dd>
          <strong>{plan.wording.today}</strong>
        </dd>
        {plan.wording.then ? (
          <>
            <dt>Then</dt>
            <dd>{plan.wording.then}</dd>
          </>
        ) : null}
        <dt>Plan total</dt>
        <dd>{formatPaise(total)}</dd>
      </dl>
      <p className="meta">{plan.wording.summary} Each instalment has its own GST invoice.</p>
    </section>
  );
}

/** A visitor sees the summary and is asked to log in or register, returning here afterwards. */
export function LoginPrompt({ returnTo }: { returnTo: string }) {
  const back = useBack(paths.programs);
  return (
    <div>
      <p>Please log in or create a student account to enroll. You will come back to this page afterwards.</p>
      <div className="btn-row">
        <Link to={loginWithNext(returnTo)} className="btn btn-primary">
          Log in to continue
        </Link>
        <Link to={registerWithNext(returnTo)} className="btn btn-outline">
          Create an account
        </Link>
        <button type="button" className="btn btn-ghost" onClick={back}>
          Back
        </button>
      </div>
    </div>
  );
}
