import type { CheckoutSubmission } from '../../../../contract/index.ts';

/**
 * What the student submitted at checkout, kept in this tab while the browser is on the gateway's page, so
 * that a declined or cancelled payment brings the checkout back as it was (decision record 067). It holds
 * the person, billing address, batch, plan, coupon, method and consents: never card data (the checkout
 * has none). Kept per course and payment, read once on the way back, and gone when the tab closes.
 */

const key = (courseType: string, courseId: string | number) => `checkout-draft:${courseType}/${courseId}`;

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

/** Back from the gateway's page for this payment: what was submitted (once), or null. */
export function takeCheckoutDraft(courseType: string, courseId: string, paymentId: number): CheckoutSubmission | null {
  const store = storage();
  const raw = store?.getItem(key(courseType, courseId));
  if (!raw) return null;
  store?.removeItem(key(courseType, courseId));
  try {
    const stored = JSON.parse(raw) as Stored;
    return stored.paymentId === paymentId ? stored.form : null;
  } catch {
    return null;
  }
}
