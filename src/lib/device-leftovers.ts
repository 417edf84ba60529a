/**
 * What a student's work leaves on this device beyond the tokens: exam answers not yet acknowledged
 * (localStorage, `exam-queue-{attempt}`, decision record 072) and a checkout's submitted form kept while the
 * browser is on the gateway's page (sessionStorage, `checkout-draft:…`, decision record 067). Logging out
 * on a shared computer must leave neither for the next person: the answers are sent first, then both go.
 */
export const EXAM_QUEUE_PREFIX = 'exam-queue-';
export const CHECKOUT_DRAFT_PREFIX = 'checkout-draft:';

function keysOf(store: Storage | undefined, prefix: string): string[] {
  if (!store) return [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(prefix)) keys.push(k);
  }
  return keys;
}

function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}

/** The attempts whose saves wait on this device. */
export function attemptsWithQueuedAnswers(): number[] {
  return keysOf(storageOf('localStorage'), EXAM_QUEUE_PREFIX)
    .map((k) => Number(k.slice(EXAM_QUEUE_PREFIX.length)))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** Removes every exam queue and checkout draft this device keeps. */
export function forgetDeviceLeftovers(): void {
  for (const [store, prefix] of [
    [storageOf('localStorage'), EXAM_QUEUE_PREFIX],
    [storageOf('sessionStorage'), CHECKOUT_DRAFT_PREFIX],
  ] as const) {
    for (const k of keysOf(store, prefix)) {
      try {
        store?.removeItem(k);
      } catch {
        // A refused storage holds nothing of ours.
      }
    }
  }
}
