import {
  CONSENT_LABELS,
  CONSENT_PURPOSES,
  type ConsentChoices,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentState,
} from '../../../contract/privacy.ts';
import type { RegisterInput } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { MailContext } from '../accounts/index.ts';
import { createConsentRepository } from './repositories/consents.ts';
import { assertMayPurchase, isMinor, recordAge, type ParentMail } from './age.ts';

/** The purpose under which acknowledging the privacy notice is recorded (granted, never withdrawn). */
const NOTICE = 'notice';

/**
 * What a form sent (registration, checkout, counseling), recorded in the caller's transaction: the notice
 * acknowledged (with the version the form showed, else the one in force) and each optional purpose ticked.
 * At checkout only changes are recorded: an unticked box there does not withdraw an earlier consent.
 */
export async function recordChoices(
  trx: Db,
  who: { userId: number | null; email: string | null },
  choices: ConsentChoices | undefined,
  source: ConsentSource,
  noticeVersion: string,
): Promise<void> {
  if (!choices) return;
  const consents = createConsentRepository(trx);
  const version = choices.notice_version ?? noticeVersion;
  const rows = [{ purpose: NOTICE, granted: true }];
  for (const purpose of CONSENT_PURPOSES) {
    const ticked = choices[purpose] === true;
    if (source === 'checkout' && who.userId !== null) {
      const latest = await consents.latest(who.userId, purpose);
      if (!ticked || latest?.granted) continue;
    } else if (!ticked) continue;
    rows.push({ purpose, granted: true });
  }
  await consents.append(
    rows.map((r) => ({ ...r, user_id: who.userId, email: who.email, notice_version: version, source })),
  );
}

/** The account's consents: each purpose's live state and the whole history. */
export async function consentState(db: Db, userId: number, noticeVersion: string): Promise<ConsentState> {
  const consents = createConsentRepository(db);
  const history = await consents.history(userId);
  const live = new Map<string, boolean>();
  for (const event of history) live.set(event.purpose, event.granted === 1);
  return {
    notice_version: noticeVersion,
    purposes: CONSENT_PURPOSES.map((purpose) => ({
      purpose,
      label: CONSENT_LABELS[purpose],
      granted: live.get(purpose) ?? false,
    })),
    minor: isMinor(await consents.age(userId)),
    history: history.map((e) => ({ ...e, granted: e.granted === 1 })),
  };
}

/**
 * The person gives or withdraws one consent from their account (one click either way): a new row of the
 * history when the state changes; answers the consents as they are now.
 */
export async function changeConsent(
  db: Db,
  userId: number,
  input: { purpose: ConsentPurpose; granted: boolean },
  noticeVersion: string,
): Promise<ConsentState> {
  const consents = createConsentRepository(db);
  const latest = await consents.latest(userId, input.purpose);
  if (Boolean(latest?.granted) !== input.granted) {
    await consents.append([
      {
        user_id: userId,
        email: null,
        purpose: input.purpose,
        granted: input.granted,
        notice_version: noticeVersion,
        source: 'account',
      },
    ]);
  }
  return consentState(db, userId, noticeVersion);
}

/**
 * A new account's data-protection answers, in the registration's transaction: the consents ticked and
 * the age answer (a minor's parent gets the confirmation email). `age` comes from checkAgeAnswer, called
 * before the transaction so a bad answer is a 400 before anything is written.
 */
export async function recordRegistration(
  trx: Db,
  ctx: MailContext,
  noticeVersion: string,
  user: { id: number; first_name: string; username: string },
  input: RegisterInput,
  age: 'adult' | 'minor',
  parent: ParentMail,
): Promise<void> {
  await recordChoices(trx, { userId: user.id, email: null }, input.consents, 'registration', noticeVersion);
  await recordAge(trx, ctx, user, input, age, parent);
}

/**
 * Before a payment starts (program or workshop): a minor whose parent has not confirmed is refused with
 * a 400, and the consents ticked at checkout are recorded (only new grants: an unticked box withdraws
 * nothing).
 */
export async function beforePaymentStart(
  db: Db,
  noticeVersion: string,
  student: { id: number },
  input: { consents?: ConsentChoices },
): Promise<void> {
  await assertMayPurchase(db, student.id);
  await recordChoices(db, { userId: student.id, email: null }, input.consents, 'checkout', noticeVersion);
}
