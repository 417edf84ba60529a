import type { CheckoutSubmission } from '../../../../contract/index.ts';
import { CHECKOUT_DRAFT_PREFIX } from '../../../lib/device-leftovers.ts';

/**
 * What the student submitted at checkout, kept in this tab while the browser is on the gateway's page, so
 * that a declined or cancelled payment brings the checkout back as it was (decision record 067). It holds
 * the person, billing address, batch, plan, coupon, method and consents: never card data (the checkout
 * has none). Kept per course and payment, read once on the way back, and gone when the tab closes.
 */

const key = (courseType: string, courseId: string | number) => `${CHECKOUT_DRAFT_PREFIX}${courseType}/${courseId}`;

type Stored = { paymentId: number; form: CheckoutSubmission };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Before the browser leaves for the gateway's page with this payment. */
export function keepCheckoutDraft(
  courseType: string,
  courseId: string | number,
  paymentId: number,
  form: CheckoutSubmission,
): void {
  try {
    storage()?.setItem(key(courseType, courseId), JSON.stringify({ paymentId, form } satisfies Stored));
  } catch {
    // Storage full or refused: the checkout comes back empty, as before.
  }
}

/**
 * What this page load took, per course and payment: the checkout may be mounted again while the page stays
 * (its guard waits again while the session refreshes), and a second take must give the same draft, not an
 * empty form under the declined payment's message.
 */
const taken = new Map<string, CheckoutSubmission | null>();

/** Back from the gateway's page for this payment: what was submitted (taken from storage once), or null. */
export function takeCheckoutDraft(courseType: string, courseId: string, paymentId: number): CheckoutSubmission | null {
  const once = `${key(courseType, courseId)}#${paymentId}`;
  if (taken.has(once)) return taken.get(once) ?? null;
  const store = storage();
  const raw = store?.getItem(key(courseType, courseId));
  if (!raw) return null;
  store?.removeItem(key(courseType, courseId));
  let form: CheckoutSubmission | null = null;
  try {
    const stored = JSON.parse(raw) as Stored;
    form = stored.paymentId === paymentId ? stored.form : null;
  } catch {
    form = null;
  }
  taken.set(once, form);
  return form;
}
