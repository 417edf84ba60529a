import { formatPaiseFigure } from '../../../../../contract/money.ts';
import type { Order } from './state.ts';
import { sameOriginPath } from '../../../../../contract/same-origin-path.ts';

/** The sandbox's checkout page (Razorpay Checkout stands here with real keys): pay by card or UPI, or cancel. */

/** Stands for the mount prefix in the page's form actions until it is served. */
export const PREFIX_PLACEHOLDER = '__PREFIX__';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A relative path on the app's own origin: the only place the checkout page sends the browser back to. */
export const safeReturn = sameOriginPath;

export function checkoutPage(order: Order, returnUrl: string, message: string | null): string {
  const rupees = formatPaiseFigure(order.amount);
  const hidden = `<input type="hidden" name="order_id" value="${escapeHtml(order.id)}">
    <input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment gateway</title>
<style>
body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a2e}
fieldset{border:1px solid #ccd;border-radius:8px;margin:1rem 0;padding:1rem}
label{display:block;margin:.5rem 0 .2rem}input[type=text]{width:100%;padding:.5rem;box-sizing:border-box;font-size:1rem}
button{padding:.6rem 1.2rem;font-size:1rem;margin-top:.8rem;cursor:pointer}
.note{background:#fff8e1;border:1px solid #f0c36d;padding:.6rem;border-radius:6px;font-size:.9rem}
.error{color:#b00020}
</style></head>
<body>
<h1>Sandbox payment gateway</h1>
<p class="note">Test mode: no money moves. Order <code>${escapeHtml(order.id)}</code>, amount ₹${rupees}.</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${PREFIX_PLACEHOLDER}/checkout">
${hidden}<input type="hidden" name="method" value="card">
<fieldset><legend>Pay by card</legend>
  <label for="card_number">Card number</label><input type="text" id="card_number" name="card_number" autocomplete="off" inputmode="numeric">
  <label for="expiry">Expiry (MM/YY)</label><input type="text" id="expiry" name="expiry" autocomplete="off">
  <label for="cvv">CVV</label><input type="text" id="cvv" name="cvv" autocomplete="off" inputmode="numeric">
  <label for="otp">OTP</label><input type="text" id="otp" name="otp" value="1234" autocomplete="off" inputmode="numeric">
  <button type="submit">Pay ₹${rupees} by card</button>
</fieldset>
</form>
<form method="post" action="${PREFIX_PLACEHOLDER}/checkout">
${hidden}<input type="hidden" name="method" value="upi">
<fieldset><legend>Pay by UPI</legend>
  <label for="vpa">UPI ID</label><input type="text" id="vpa" name="vpa" autocomplete="off">
  <button type="submit">Pay ₹${rupees} by UPI</button>
</fieldset>
</form>
<form method="post" action="${PREFIX_PLACEHOLDER}/checkout">
${hidden}<input type="hidden" name="action" value="cancel">
<button type="submit">Cancel payment</button>
</form>
<p class="note">Cards 4111 1111 1111 1111 and 5267 3181 8797 5449 succeed (any future expiry, any CVV; an OTP of
fewer than 4 digits fails). 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.
UPI: success@razorpay, failure@razorpay, timeout@razorpay.</p>
</body></html>`;
}
