import { QUIET_HOURS } from '../../../contract/notifications.ts';
import { IST_OFFSET_MINUTES } from '../../../contract/time.ts';

/**
 * Quiet hours (decision record 074): nothing that is not urgent goes out between 21:00 and 09:00 IST
 * (TRAI's window for commercial communication); it waits for 09:00. Answers the instant (ms) the
 * message may go: `now` itself outside the quiet hours.
 */
export const QUIET_FROM_HOUR = QUIET_HOURS.fromHour;
export const QUIET_UNTIL_HOUR = QUIET_HOURS.untilHour;

export function notBefore(now: number, urgent: boolean): number {
  if (urgent) return now;
  const offset = IST_OFFSET_MINUTES * 60_000;
  const ist = new Date(now + offset);
  const hour = ist.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return now;
  const nine = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), QUIET_UNTIL_HOUR) - offset;
  return hour >= QUIET_FROM_HOUR ? nine + 86_400_000 : nine;
}
