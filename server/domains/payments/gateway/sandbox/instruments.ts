/** The Luhn checksum every payment card number carries. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * The test instruments (docs/api.md lists them): Razorpay's documented test cards 4111 1111 1111 1111 and
 * 5267 3181 8797 5449 succeed with any future expiry and CVV, and, as on Razorpay's test bank page, an
 * OTP of 4 to 10 digits succeeds while a shorter one fails; Razorpay's test UPI IDs success@razorpay and
 * failure@razorpay succeed and fail. The sandbox's own additions: card 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds, and UPI ID timeout@razorpay times out at the bank.
 */

export type Failure = { reason: string; description: string };
export type Instrument = { method: 'card' | 'upi'; card?: string; vpa?: string; otp?: string };

const SUCCESS_CARDS = new Set(['4111111111111111', '5267318187975449']);
const FAILING_CARDS: Record<string, Failure> = {
  '4000000000000002': { reason: 'card_declined', description: 'Your payment has been declined by the bank.' },
  '4000000000009995': {
    reason: 'insufficient_funds',
    description: 'Payment failed because of insufficient balance in the account.',
  },
};
const UPI: Record<string, Failure | null> = {
  'success@razorpay': null,
  'failure@razorpay': {
    reason: 'authorisation_declined_by_psp',
    description: 'The UPI app declined the payment request.',
  },
  'timeout@razorpay': {
    reason: 'payment_timed_out',
    description: 'The payment was not approved in the UPI app in time.',
  },
};

/** A card number that passes the Luhn checksum, at least 12 digits. */
const cardNumberValid = (digits: string) => /^\d{12,}$/.test(digits) && luhnValid(digits);

/** Why paying with this instrument fails, or null when it succeeds. */
export function instrumentFailure(input: Instrument): Failure | null {
  if (input.method === 'card') {
    const digits = (input.card ?? '').replace(/[\s-]/g, '');
    if (FAILING_CARDS[digits]) return FAILING_CARDS[digits];
    if (!SUCCESS_CARDS.has(digits))
      return cardNumberValid(digits)
        ? { reason: 'card_declined', description: 'This card is not a test card; use a test card number.' }
        : { reason: 'card_number_invalid', description: 'The card number is invalid.' };
    if (!/^\d{4,10}$/.test(input.otp ?? '1234'))
      return { reason: 'authentication_failed', description: 'Authentication failed due to incorrect otp.' };
    return null;
  }
  const vpa = (input.vpa ?? '').trim().toLowerCase();
  return vpa in UPI ? UPI[vpa]! : { reason: 'invalid_vpa', description: 'Invalid VPA. Please enter a valid VPA.' };
}
