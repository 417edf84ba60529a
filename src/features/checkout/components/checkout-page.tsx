import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, validateCheckout, type CheckoutSubmission, type PricingRules } from '../../../../contract/index.ts';
import { paths } from '../../../config/paths.ts';
import { FormError, Notice } from '../../../components/notice.tsx';
import { useIsAuthenticated, useSessionChecking } from '../../../lib/session.ts';
import type { CheckoutLogic } from '../../../../machines/checkout.machine.ts';
import type { GatewayReturn } from '../../../../machines/gateway-payment.machine.ts';
import type { BatchChoiceLogic } from '../../../../machines/batch-choice.machine.ts';
import { BatchChoice } from './batch-choice.tsx';
import { useBatchChoice } from './use-batch-choice.ts';
import type { AppliedCoupon, CouponCheckLogic } from '../../../../machines/coupon-check.machine.ts';
import { CouponEntry } from './coupon-entry.tsx';
import type { PlanChoiceLogic } from '../../../../machines/plan-choice.machine.ts';
import { PlanChoice } from './plan-choice.tsx';
import { usePlanChoice } from './use-plan-choice.ts';
import { CheckoutFormView } from './checkout-form.tsx';
import { CourseSummary, LoginPrompt } from './course-summary.tsx';

/** How long the success text stays on the checkout before the move to /programs. */
export const SUCCESS_REDIRECT_MS = 1500;

/** `now` decides card expiry (tests pass a fixed clock). */
type Props = {
  logic: CheckoutLogic;
  courseType: string;
  courseId: string;
  now?: () => Date;
  /** Back from the gateway's page: its outcome (the route reads it from the URL). */
  gatewayReturn?: GatewayReturn | null;
  /** How prices are taxed (GET /api/config/); null while unknown. */
  pricing?: PricingRules | null;
  /** Which batch a program's payment is for (none for workshops and programs without open batches). */
  batchLogic?: BatchChoiceLogic;
  /** Pay in full or by an instalment plan (programs with active plans). */
  planLogic?: PlanChoiceLogic;
  /** The privacy notice in force (GET /api/config/), which the consent choices acknowledge. */
  noticeVersion?: string | null;
  /** The coupon entry and the student's scholarship (none offered without it). */
  couponLogic?: CouponCheckLogic;
};

export function CheckoutPage({
  logic,
  courseType,
  courseId,
  now,
  gatewayReturn = null,
  pricing = null,
  batchLogic,
  planLogic,
  noticeVersion = null,
  couponLogic,
}: Props) {
  const [snapshot, send] = useMachine(logic, { input: { courseType, courseId, now, gatewayReturn } });
  const batch = useBatchChoice(batchLogic, courseType, courseId);
  const plan = usePlanChoice(planLogic, courseType, courseId);
  const [stateCode, setStateCode] = useState('');
  const navigate = useNavigate();
  const authenticated = useIsAuthenticated();
  // The discount the coupon entry reports (it runs only for a signed-in student: it asks the server).
  const [discount, setDiscount] = useState<AppliedCoupon | null>(null);
  const checkingSession = useSessionChecking();
  const succeeded = snapshot.matches('success');

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(
      () => navigate(paths.programs, { state: { flash: MESSAGES.checkoutSuccess } }),
      SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (snapshot.matches('loading')) {
    return (
      <main className="checkout">
        <p className="status-text" role="status">
          Loading course details...
        </p>
      </main>
    );
  }
  if (snapshot.matches('loadFailed') || !snapshot.context.course) {
    return (
      <main className="checkout">
        <div className="card center-card">
          <h1>Checkout</h1>
          <p role="alert">{MESSAGES.courseLoadFailed}</p>
          <Link to={paths.programs} className="btn btn-primary">
            Back to Programs
          </Link>
        </div>
      </main>
    );
  }
  const course = snapshot.context.course;
  return (
    <main className="checkout">
      <div className="checkout-grid">
        <CourseSummary course={course} pricing={pricing} stateCode={stateCode} discount={discount} />
        <section className="card" aria-labelledby="payment-title">
          <h1 id="payment-title" style={{ fontSize: '1.4rem' }}>
            Complete your enrollment
          </h1>
          {succeeded ? <Notice kind="success">{MESSAGES.checkoutSuccess}</Notice> : null}
          {snapshot.matches('failure') && snapshot.context.failure ? (
            <FormError>{snapshot.context.failure}</FormError>
          ) : null}
          {snapshot.matches('cancelled') ? <Notice kind="info">{MESSAGES.checkoutCancelled}</Notice> : null}
          {authenticated && batch.offered ? (
            <BatchChoice
              batches={batch.batches}
              chosen={batch.chosen}
              error={batch.error}
              disabled={snapshot.hasTag('paying') || succeeded}
              onChoose={batch.choose}
            />
          ) : null}
          {authenticated && !checkingSession && couponLogic && course.price > 0 ? (
            <CouponEntry
              logic={couponLogic}
              courseType={courseType}
              courseId={courseId}
              disabled={snapshot.hasTag('paying') || succeeded}
              onApplied={setDiscount}
            />
          ) : null}
          {authenticated && plan.offered ? (
            <PlanChoice
              plans={plan.plans}
              chosen={plan.chosen}
              price={course.price}
              pricing={pricing}
              stateCode={stateCode}
              disabled={snapshot.hasTag('paying') || succeeded}
              onChoose={plan.choose}
              discount={discount?.rule ?? null}
            />
          ) : null}
          {checkingSession ? null : authenticated ? (
            <CheckoutFormView
              errors={snapshot.context.errors}
              processing={snapshot.hasTag('paying')}
              disabled={succeeded}
              noticeVersion={noticeVersion}
              onSubmit={(form, consents) => {
                // A program with open batches: no payment starts before a batch is chosen. An invalid form
                // still goes to the checkout machine, which shows its field errors and starts nothing.
                const formValid = Object.keys(validateCheckout(form, (now ?? (() => new Date()))())).length === 0;
                if (batch.missing) batch.require();
                if (!batch.missing || !formValid) {
                  const submission: CheckoutSubmission = {
                    ...form,
                    batch: batch.chosen,
                    consents,
                    coupon: discount?.code ?? null,
                    ...(plan.offered ? { plan: plan.chosen } : {}),
                  };
                  send({ type: 'checkout.submit', form: submission });
                }
              }}
              onStateChange={setStateCode}
            />
          ) : (
            <LoginPrompt returnTo={paths.checkout.to(course.courseType, course.id)} />
          )}
        </section>
      </div>
    </main>
  );
}
