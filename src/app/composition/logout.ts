import { logout as revoke } from '../../features/auth/api/auth-api.ts';
import { attemptsWithQueuedAnswers, forgetDeviceLeftovers } from '../../lib/device-leftovers.ts';

/**
 * Logging out (the session machine's `logout` actor, loaded when the student logs out): exam answers still
 * waiting on this device go to the server while the session holds, the refresh token is revoked, and then
 * nothing of this student's work stays for the next person at this computer (decision record 072).
 */
export async function logout(): Promise<void> {
  if (attemptsWithQueuedAnswers().length) {
    await (await import('../../features/exams/api/queue-store.ts')).sendEveryStoredQueue();
  }
  try {
    await revoke();
  } finally {
    forgetDeviceLeftovers();
  }
}
