/**
 * The instalments' clock (decision record 054): which IST day it is for a schedule's "overdue" and the
 * housekeeping pass. Real time, except in tests, which set it to walk a schedule through its dates.
 */
let current: () => number = () => Date.now();

export const clockNow = (): number => current();

/** Tests only: a fixed or moving clock; null goes back to real time. */
export function setClock(now: (() => number) | null): void {
  current = now ?? (() => Date.now());
}
