import { IDENTITY_MESSAGES, MFA_MESSAGES, SERVER_MESSAGES } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { ValidationFailed } from '../../platform/lib/errors.ts';
import { verifyPassword } from '../../platform/lib/passwords.ts';
import { newResetNonce, resetToken } from '../../platform/lib/reset-links.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import type { MailEvents } from './mail.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createEmailLinkRepository } from './repositories/email-links.ts';
import { changeAddress, confirmAddress, reopenAddress } from '../privacy/index.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';
import { createUserRepository } from './repositories/users.ts';
import { sha256 } from './password-resets.ts';

/**
 * Email identity (decision record 063): an address is the account's once its owner opens the confirmation
 * link sent to it; a change needs the password, signs every device out, leaves the new address unconfirmed
 * and sends the old address a link that undoes it. Links are made like reset links (server/platform/lib/reset-links.ts):
 * stored as a hash and a nonce, written into the email only as it is sent.
 */

const HOUR_MS = 3_600_000;
/** A confirmation link works this long (OWASP ASVS: a short-lived, single-use token). */
const CONFIRM_LIFETIME_MS = 24 * HOUR_MS;
/** The old address's undo link works this long. */
const UNDO_LIFETIME_MS = 7 * 24 * HOUR_MS;

async function newLink(
  trx: Db,
  mail: MailEvents,
  link: { userId: number; purpose: 'confirm' | 'undo'; email: string; restoreVerifiedAt?: string | null },
): Promise<number> {
  const nonce = newResetNonce();
  const lifetime = link.purpose === 'confirm' ? CONFIRM_LIFETIME_MS : UNDO_LIFETIME_MS;
  return createEmailLinkRepository(trx).insert({
    ...link,
    tokenHash: sha256(resetToken(mail.resetLinkKey, nonce)),
    nonce,
    expiresAt: new Date(Date.now() + lifetime).toISOString(),
  });
}

/** A confirmation link for the account's current address (in the caller's transaction): answers its id. */
export const newConfirmationLink = (trx: Db, mail: MailEvents, user: { id: number; email: string }) =>
  newLink(trx, mail, { userId: user.id, purpose: 'confirm', email: user.email });

/** "Send the link again": a new confirmation email for the current, unconfirmed address. */
export async function sendConfirmation(db: Db, mail: MailEvents, user: { id: number; email: string }): Promise<void> {
  await inTransaction(db, async (trx) => {
    await mail.emailConfirmation(trx, user.email, await newConfirmationLink(trx, mail, user));
  });
}

/**
 * The signed-in person changes their address: the current password, a different address that no other
 * account has; then, in one transaction, the address changes unconfirmed (the old one's span closes), every
 * login ends, the new address gets its confirmation link and the old one the undo link.
 */
export async function changeEmail(
  db: Db,
  mail: MailEvents,
  user: UserRow,
  input: { email: string; current_password: string },
): Promise<void> {
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw new ValidationFailed({ current_password: [MFA_MESSAGES.passwordWrong] });
  }
  if (input.email.toLowerCase() === user.email.toLowerCase()) {
    throw new ValidationFailed({ email: [IDENTITY_MESSAGES.sameEmail] });
  }
  if (await createUserRepository(db).emailTaken(input.email, user.id)) {
    throw new ValidationFailed({ email: [SERVER_MESSAGES.emailTaken] });
  }
  await inTransaction(db, async (trx) => {
    await changeAddress(trx, user.id, input.email);
    await createRefreshTokenRepository(trx).revokeAllOf(user.id);
    const undo = await newLink(trx, mail, {
      userId: user.id,
      purpose: 'undo',
      email: user.email,
      restoreVerifiedAt: user.email_verified_at,
    });
    await mail.emailChanged(trx, user.email, undo);
    await mail.emailConfirmation(
      trx,
      input.email,
      await newConfirmationLink(trx, mail, { ...user, email: input.email }),
    );
    await createAuditRepository(trx).record({
      actorId: user.id,
      action: 'user.email_changed',
      entity: 'user',
      entityId: user.id,
      changes: { fields: ['email'] },
    });
  });
}

/** The confirmation link was opened: true when it was live and is for the account's current address. */
export async function confirmEmail(db: Db, tokenHash: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const link = await createEmailLinkRepository(trx).consume(tokenHash, 'confirm');
    if (!link) return false;
    const user = await createUserRepository(trx).findById(link.user_id);
    // A link for an address the account has left since confirms nothing.
    if (!user || !user.is_active || user.email.toLowerCase() !== link.email.toLowerCase()) return false;
    await confirmAddress(trx, user.id, user.email);
    await createAuditRepository(trx).record({
      actorId: user.id,
      action: 'user.email_confirmed',
      entity: 'user',
      entityId: user.id,
      changes: {},
    });
    return true;
  });
}

/**
 * The old address's link: the account gets that address back (confirmed as it was), every login ends, and
 * every other undo link and pending confirmation of the account is void. True when the link was live.
 */
export async function undoEmailChange(db: Db, tokenHash: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const links = createEmailLinkRepository(trx);
    const link = await links.consume(tokenHash, 'undo');
    if (!link) return false;
    const user = await createUserRepository(trx).findById(link.user_id);
    if (!user) return false;
    await changeAddress(trx, user.id, link.email, link.restore_verified_at, nowIso());
    if (link.restore_verified_at) await reopenAddress(trx, user.id, link.email);
    await links.voidAll(user.id, 'undo');
    await links.voidAll(user.id, 'confirm');
    await createRefreshTokenRepository(trx).revokeAllOf(user.id);
    await createAuditRepository(trx).record({
      actorId: null,
      action: 'user.email_change_undone',
      entity: 'user',
      entityId: user.id,
      changes: {},
    });
    return true;
  });
}
