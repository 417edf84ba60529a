import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  CHECKOUT_OUTCOME_MESSAGES,
  MESSAGES,
  validateCheckout,
  type CheckoutSubmission,
  type PricingRules,
} from '../../../../contract/index.ts';
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
import { useChosenPlan } from './use-chosen-plan.ts';
import { CheckoutFormView } from './checkout-form.tsx';
import { CourseSummary, LoginPrompt } from './course-summary.tsx';

type Props = {
  logic: CheckoutLogic;
  courseType: string;
  courseId: string;
  /** Back from the gateway's page: its outcome (the route reads it from the URL). */
  gatewayReturn?: GatewayReturn | null;
  /** What the student submitted before the gateway's page (a declined or cancelled payment shows it again). */
  draft?: CheckoutSubmission | null;
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
  gatewayReturn = null,
  draft = null,
  pricing = null,
  batchLogic,
  planLogic,
  noticeVersion = null,
  couponLogic,
}: Props) {
  const [snapshot, send] = useMachine(logic, { input: { courseType, courseId, gatewayReturn, draft } });
  // What was submitted last (or before the gateway's page): the choices and the form start from it.
  const kept = snapshot.context.form;
  const batch = useBatchChoice(batchLogic, courseType, courseId, kept?.batch);
  const plan = usePlanChoice(planLogic, courseType, courseId, kept?.plan);
  const [stateCode, setStateCode] = useState(kept?.stateCode ?? '');
  const navigate = useNavigate();
  const authenticated = useIsAuthenticated();
  // The discount the coupon entry reports (it runs only for a signed-in student: it asks the server).
  const [discount, setDiscount] = useState<AppliedCoupon | null>(null);
  const checkingSession = useSessionChecking();
  const succeeded = snapshot.matches('success');
  // Back from the gateway's page and its outcome not known yet: no form, no price, until it is.
  const confirming = snapshot.hasTag('paying') && snapshot.context.gatewayReturn !== null;
  const course = snapshot.context.course;
  const chosenPlan = useChosenPlan(plan, course?.price ?? 0, pricing, stateCode, discount?.rule ?? null);

  // Paid: straight to the dashboard, where the course (and its instalments) are, with one success text.
  useEffect(() => {
    if (succeeded) void navigate(paths.dashboard, { replace: true, state: { flash: MESSAGES.checkoutSuccess } });
  }, [succeeded, navigate]);

  if (snapshot.matches('loading') || confirming || succeeded) {
    return (
      <main className="checkout">
        <p className="status-text" role="status">
          {snapshot.matches('loading') ? 'Loading course details...' : CHECKOUT_OUTCOME_MESSAGES.confirming}
        </p>
      </main>
    );
  }
  if (snapshot.matches('loadFailed') || !course) {
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
  return (
    <main className="checkout">
      <div className="checkout-grid">
        <CourseSummary course={course} pricing={pricing} stateCode={stateCode} discount={discount} plan={chosenPlan} />
        <section className="card" aria-labelledby="payment-title">
          <h1 id="payment-title" style={{ fontSize: '1.4rem' }}>
            Complete your enrollment
          </h1>
          {snapshot.matches('failure') && snapshot.context.failure ? (
            <FormError>{snapshot.context.failure}</FormError>
          ) : null}
          {snapshot.matches('cancelled') ? <Notice kind="info">{CHECKOUT_OUTCOME_MESSAGES.cancelled}</Notice> : null}
          {authenticated && batch.offered ? (
            <BatchChoice
              batches={batch.batches}
              chosen={batch.chosen}
              error={batch.error}
              disabled={snapshot.hasTag('paying')}
              onChoose={batch.choose}
            />
          ) : null}
          {authenticated && !checkingSession && couponLogic && course.price > 0 ? (
            <CouponEntry
              logic={couponLogic}
              courseType={courseType}
              courseId={courseId}
              disabled={snapshot.hasTag('paying')}
              initialCode={kept?.coupon ?? null}
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
              disabled={snapshot.hasTag('paying')}
              onChoose={plan.choose}
              discount={discount?.rule ?? null}
            />
          ) : null}
          {checkingSession ? null : authenticated ? (
            <CheckoutFormView
              errors={snapshot.context.errors}
              initial={kept}
              payLabel={chosenPlan?.wording.button ?? null}
              processing={snapshot.hasTag('paying')}
              disabled={false}
              noticeVersion={noticeVersion}
              onSubmit={(form, consents) => {
                // A program with open batches: no payment starts before a batch is chosen. An invalid form
                // still goes to the checkout machine, which shows its field errors and starts nothing.
                const formValid = Object.keys(validateCheckout(form)).length === 0;
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
