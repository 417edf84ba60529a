import type { Db } from '../../platform/db/connect.ts';
import { createConsentRepository } from './repositories/consents.ts';
import { createIdentityRepository } from './repositories/identity.ts';

/** What other domains use of privacy (its requests and incidents are its own: service.ts). */

/** The under-18 rule at sign-up (decision record 065). */
export { checkAgeAnswer } from './age.ts';
/** Consents: at sign-up, at a counseling request, and the guardian's check before a payment starts. */
export { beforePaymentStart, recordChoices, recordRegistration } from './consents.ts';

/** A messaging channel's consent given or withdrawn (an opt-in, a STOP reply), appended to the consent log. */
export const recordChannelConsent = (
  trx: Db,
  event: {
    userId: number;
    purpose: string;
    granted: boolean;
    noticeVersion: string;
    source: string;
    phone: string | null;
  },
): Promise<void> =>
  createConsentRepository(trx).append([
    {
      user_id: event.userId,
      email: null,
      purpose: event.purpose,
      granted: event.granted,
      notice_version: event.noticeVersion,
      source: event.source,
      phone: event.phone,
    },
  ]);

/** Whether the account's latest answer for a purpose is a yes (never asked: no). */
export const consentGranted = async (db: Db, userId: number, purpose: string): Promise<boolean> =>
  Boolean((await createConsentRepository(db).latest(userId, purpose))?.granted);

/*
 * The account's addresses over time (verified_emails: whose an address was when), kept by privacy so an
 * export or an erasure finds every email an account received (decision record 063).
 */

/** The account's address is confirmed now: a span opens for it, unless one is open. */
export const confirmAddress = (db: Db, userId: number, email: string): Promise<void> =>
  createIdentityRepository(db).confirm(userId, email);

/** The account's address changes to `email`; the span of the address it leaves closes at `at`. */
export const changeAddress = (db: Db, userId: number, email: string, verifiedAt: string | null = null, at?: string) =>
  createIdentityRepository(db).changeAddress(userId, email, verifiedAt, at);

/** An undo gives the account back an address confirmed before: its last span opens again. */
export const reopenAddress = (db: Db, userId: number, email: string): Promise<void> =>
  createIdentityRepository(db).reopen(userId, email);
