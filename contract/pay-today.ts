import type { ScheduledInstalment } from './instalments.ts';
import { MESSAGES } from './messages.ts';
import { formatPaiseCompact } from './money.ts';
import { formatIstDate } from './time.ts';

/**
 * What the checkout says about the money (decision record 067): with an instalment plan chosen, what is
 * paid today and the schedule after it, in the summary and on the Pay button; and, after the gateway's
 * step, what happened and what to do next. Amounts are the plan's schedule as the server charges it
 * (contract/instalments.ts planSchedule), dates IST.
 */

export const CHECKOUT_OUTCOME_MESSAGES = {
  /** The bank or UPI app said no (the spec's sentence first). */
  declined: `${MESSAGES.checkoutFailed} The bank or UPI app declined the payment, so nothing was charged. Your details are kept below: press Pay to try again, or choose another payment method.`,
  /** The student closed the gateway's page. */
  cancelled:
    'Payment cancelled. Nothing was charged. Your details are kept below: press Pay when you are ready, or choose another payment method.',
  /** Back from the gateway's page while our server checks its proof. */
  confirming: 'Confirming your payment…',
} as const;

/** A plan's wording: `today` on the button ("Pay ₹19,500 today"), `summary` the whole sentence. */
export type PayTodayWording = { today: string; button: string; then: string | null; summary: string };

/** "28 Dec 2026", "28 Dec 2026 and 27 Jan 2027", "28 Dec 2026, 27 Jan 2027 and 26 Feb 2027". */
function listDates(days: string[]): string {
  const dates = days.map(formatIstDate);
  return dates.length <= 1 ? (dates[0] ?? '') : `${dates.slice(0, -1).join(', ')} and ${dates.at(-1)}`;
}

/**
 * "Pay ₹19,500 today, then 2 × ₹19,500 (28 Dec 2026 and 27 Jan 2027)": equal later instalments are
 * counted, unequal ones listed with their dates.
 */
export function payTodayWording(instalments: readonly ScheduledInstalment[]): PayTodayWording | null {
  const [first, ...rest] = instalments;
  if (!first) return null;
  const today = formatPaiseCompact(first.split.total);
  const amounts = rest.map((i) => i.split.total);
  const equal = amounts.every((paise) => paise === amounts[0]);
  const then =
    rest.length === 0
      ? null
      : equal
        ? `${rest.length} × ${formatPaiseCompact(amounts[0]!)} (${listDates(rest.map((i) => i.due_on))})`
        : rest.map((i) => `${formatPaiseCompact(i.split.total)} on ${formatIstDate(i.due_on)}`).join(', ');
  return {
    today,
    button: `Pay ${today} today`,
    then,
    summary: then ? `Pay ${today} today, then ${then}.` : `Pay ${today} today.`,
  };
}

/** Under the payment method: where the card or UPI ID is asked (the privacy notice: we never see card details). */
export const CHECKOUT_GATEWAY_NOTE =
  "You enter your card or UPI ID on the payment gateway's secure page after Pay; our servers never see your card details.";

/** What an enrollment's schedule has paid and has still due, in paise (cancelled dues count in neither). */
export function scheduleTotals(instalments: readonly { status: string; total_paise: number }[]): {
  paidPaise: number;
  duePaise: number;
} {
  let paidPaise = 0;
  let duePaise = 0;
  for (const i of instalments) {
    if (i.status === 'paid') paidPaise += i.total_paise;
    else if (i.status === 'due' || i.status === 'overdue') duePaise += i.total_paise;
  }
  return { paidPaise, duePaise };
}
