import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  CHECKOUT_OUTCOME_MESSAGES,
  MESSAGES,
  type CheckoutSubmission,
  type PricingRules,
} from '../../../../contract/index.ts';
import { paths } from '../../../config/paths.ts';
import { FormError, Notice } from '../../../components/notice.tsx';
import { useIsAuthenticated, useSessionChecking } from '../../../lib/session.ts';
import type { CheckoutLogic } from '../../../../machines/checkout.machine.ts';
import type { GatewayReturn } from '../../../../machines/gateway-payment.machine.ts';
import { BatchChoice } from './batch-choice.tsx';
import { useBatchChoice } from './use-batch-choice.ts';
import { CouponEntry } from './coupon-entry.tsx';
import { PlanChoice } from './plan-choice.tsx';
import { usePlanChoice } from './use-plan-choice.ts';
import { useChosenPlan } from './use-chosen-plan.ts';
import { CheckoutFormView } from './checkout-form.tsx';
import { CourseSummary, LoginPrompt } from './course-summary.tsx';

type Props = {
  /** The checkout machine: it runs the batch, plan and coupon choices as its children (decision record 082). */
  logic: CheckoutLogic;
  courseType: string;
  courseId: string;
  /** Back from the gateway's page: its outcome (the route reads it from the URL). */
  gatewayReturn?: GatewayReturn | null;
  /** What the student submitted before the gateway's page (a declined or cancelled payment shows it again). */
  draft?: CheckoutSubmission | null;
  /** How prices are taxed (GET /api/config/); null while unknown. */
  pricing?: PricingRules | null;
  /** The privacy notice in force (GET /api/config/), which the consent choices acknowledge. */
  noticeVersion?: string | null;
};

/**
 * The checkout page renders the checkout machine and its children (the batch, plan and coupon choices, in
 * `snapshot.children`) and sends them the student's events; the rules are the machine's.
 */
export function CheckoutPage({
  logic,
  courseType,
  courseId,
  gatewayReturn = null,
  draft = null,
  pricing = null,
  noticeVersion = null,
}: Props) {
  const [snapshot, send] = useMachine(logic, { input: { courseType, courseId, gatewayReturn, draft } });
  // What was submitted last (or before the gateway's page): the form starts from it.
  const kept = snapshot.context.form;
  const batch = useBatchChoice(snapshot.children.batchChoice);
  const plan = usePlanChoice(snapshot.children.planChoice);
  const coupon = snapshot.children.couponCheck;
  // The billing state, for the summary's tax split (a field value of the form).
  const [stateCode, setStateCode] = useState(kept?.stateCode ?? '');
  const navigate = useNavigate();
  const authenticated = useIsAuthenticated();
  const checkingSession = useSessionChecking();
  // A signed-in student: the checkout may look up the scholarship and check coupons (it asks the server).
  useEffect(() => {
    if (authenticated) send({ type: 'checkout.signedIn' });
  }, [authenticated, send]);
  // The discount the coupon check reported: the summary and the plans' schedules take it off.
  const discount = snapshot.context.discount;
  const succeeded = snapshot.matches('success');
  const paying = snapshot.hasTag('paying');
  // Back from the gateway's page and its outcome not known yet: no form, no price, until it is.
  const confirming = paying && snapshot.context.gatewayReturn !== null;
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
          {snapshot.matches({ ready: 'failure' }) && snapshot.context.failure ? (
            <FormError>{snapshot.context.failure}</FormError>
          ) : null}
          {snapshot.matches({ ready: 'cancelled' }) ? (
            <Notice kind="info">{CHECKOUT_OUTCOME_MESSAGES.cancelled}</Notice>
          ) : null}
          {authenticated && batch.offered ? (
            <BatchChoice
              batches={batch.batches}
              chosen={batch.chosen}
              error={snapshot.context.errors.batch ?? null}
              disabled={paying}
              onChoose={batch.choose}
            />
          ) : null}
          {authenticated && coupon ? <CouponEntry actor={coupon} disabled={paying} /> : null}
          {authenticated && plan.offered ? (
            <PlanChoice
              plans={plan.plans}
              chosen={plan.chosen}
              price={course.price}
              pricing={pricing}
              stateCode={stateCode}
              disabled={paying}
              onChoose={plan.choose}
              discount={discount?.rule ?? null}
            />
          ) : null}
          {checkingSession ? null : authenticated ? (
            <CheckoutFormView
              errors={snapshot.context.errors}
              initial={kept}
              payLabel={chosenPlan?.wording.button ?? null}
              processing={paying}
              disabled={false}
              noticeVersion={noticeVersion}
              // The checkout machine refuses a submit without a batch, checks the form and pays with the
              // batch, plan and coupon its children reported.
              onSubmit={(form, consents) => send({ type: 'checkout.submit', form: { ...form, consents } })}
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
