/**
 * The settlement's refusals when a capture and a payment disagree (decision record 062). Apart from
 * messages.ts, whose words ship with the home page: only the server says these (the SPA shows the server's
 * words as they come).
 */
export const SETTLEMENT_MESSAGES = {
  amountMismatch:
    'The amount paid does not match this payment, so access was not given. The office has been told and will refund or complete it; contact us with the payment id if you need help.',
  grantAmountMismatch:
    'The gateway captured a different amount than this payment grants, so access cannot be granted. Refund the capture, or mark the event resolved with a note.',
} as const;
