import {
  IDENTITY_MESSAGES,
  MFA_MESSAGES,
  type EmailChangeInput,
  type PasswordChangeInput,
  type ProfileInput,
  type SignedInDevice,
  type User,
} from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, HttpError, rateLimited, ValidationFailed } from '../../platform/lib/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/lib/passwords.ts';
import { phoneChanged } from '../notifications/index.ts';
import { changeEmail, confirmEmail, sendConfirmation, undoEmailChange } from './email-identity.ts';
import type { MailEvents } from './mail.ts';
import { sha256 } from './password-resets.ts';
import { toUser } from './present.ts';
import { createDeviceRepository } from './repositories/devices.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';
import { createUserRepository } from './repositories/users.ts';
import { mayMailStranger } from './stranger-mail.ts';
import type { TokenService } from './tokens.ts';

/**
 * The account page's own actions, of the signed-in person for themselves: profile, password, signed-in
 * devices, and the email address's change, confirmation and undo (decision record 063). The password
 * change and the address change are limited like a login (the limiter's rows, per account), so a stolen
 * access token cannot guess the password through them.
 */
export function createOwnAccount({
  db,
  config,
  tokens,
  mail,
}: {
  db: Db;
  config: Config;
  tokens: TokenService;
  mail: MailEvents;
}) {
  const limiter = createRateLimiter(db);
  const devices = createDeviceRepository(db);

  return {
    async updateProfile(user: UserRow, input: ProfileInput): Promise<User> {
      const { email, ...names } = input;
      // The address changes only with the password (POST /auth/account/email/, decision record 063); the
      // profile form may send it unchanged.
      if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
        throw new ValidationFailed({ email: [IDENTITY_MESSAGES.profileEmail] });
      }
      const changes = Object.fromEntries(Object.entries(names).filter(([, v]) => v !== undefined));
      await db.transaction().execute(async (trx) => {
        await createUserRepository(trx).update(user.id, changes);
        // The one number WhatsApp and SMS go to (decision record 084): what they do about a new one.
        if (names.phone !== undefined && names.phone !== user.phone) {
          await phoneChanged(trx, user.id, names.phone, config.privacy.noticeVersion);
        }
        await createAuditRepository(trx).record({
          actorId: user.id,
          action: 'user.profile_changed',
          entity: 'user',
          entityId: user.id,
          changes: { fields: Object.keys(changes) },
        });
      });
      return toUser({ ...user, ...changes });
    },

    /** A new password ends every login (every device signs in again) and answers a fresh pair for this one. */
    async changePassword(user: UserRow, input: PasswordChangeInput) {
      // A stolen access token must not become a password oracle: wrong current passwords are counted like
      // failed logins (counted first, taken back on success), PASSWORD_CHANGE_MAX_FAILURES per login window.
      const key = `password:user:${user.id}`;
      const max = config.hardening.passwordChangeMaxFailures;
      const attempt = await limiter.attempt([{ key, max, windowSeconds: config.loginWindowSeconds }], [key]);
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
      if (!(await verifyPassword(input.current_password, user.password_hash))) {
        throw new ValidationFailed({ current_password: [MFA_MESSAGES.passwordWrong] });
      }
      await limiter.clear(key);
      const hash = await hashPassword(input.new_password);
      await db.transaction().execute(async (trx) => {
        await createUserRepository(trx).update(user.id, { password_hash: hash });
        await createRefreshTokenRepository(trx).revokeAllOf(user.id);
        await createAuditRepository(trx).record({
          actorId: user.id,
          action: 'user.password_changed',
          entity: 'user',
          entityId: user.id,
          changes: {},
        });
      });
      return tokens.issuePair(user.id);
    },

    devices: (userId: number): Promise<SignedInDevice[]> => devices.list(userId),

    /** Ends one of the account's logins (404 for one it does not have). */
    async signOutDevice(userId: number, id: string): Promise<void> {
      if (!(await devices.signOut(userId, id))) throw new HttpError(404, MFA_MESSAGES.sessionNotFound);
    },

    /** A new address (every attempt counts against the account): every login ends, this device gets a fresh pair. */
    async changeEmail(user: UserRow, input: EmailChangeInput) {
      const key = `email-change:user:${user.id}`;
      const attempt = await limiter.attempt(
        [{ key, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: config.loginWindowSeconds }],
        [key],
      );
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
      await changeEmail(db, mail, user, input);
      return tokens.issuePair(user.id);
    },

    /**
     * "Send the link again": counts against the recipient's daily allowance of emails anyone can trigger
     * (MAIL_MAX_PER_RECIPIENT_PER_DAY).
     */
    async resendConfirmation(user: UserRow): Promise<{ detail: string }> {
      if (user.email_verified_at) throw new BusinessError(IDENTITY_MESSAGES.alreadyConfirmed);
      if (!(await mayMailStranger(limiter, config.mailMaxPerRecipientPerDay, user.email))) {
        throw new HttpError(429, IDENTITY_MESSAGES.tooManyConfirmations);
      }
      await sendConfirmation(db, mail, user);
      return { detail: IDENTITY_MESSAGES.confirmationSent };
    },

    async confirmEmail(token: string): Promise<void> {
      if (!(await confirmEmail(db, sha256(token)))) throw new BusinessError(IDENTITY_MESSAGES.confirmLinkInvalid);
    },

    async undoEmailChange(token: string): Promise<void> {
      if (!(await undoEmailChange(db, sha256(token)))) throw new BusinessError(IDENTITY_MESSAGES.undoLinkInvalid);
    },
  };
}
