import { SERVER_MESSAGES, type RegisterInput, type TokenPair } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';
import { isUniqueViolation } from '../../platform/lib/db-errors.ts';
import { rateLimited, ValidationFailed } from '../../platform/lib/errors.ts';
import { hashPassword } from '../../platform/lib/passwords.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { checkAgeAnswer, recordRegistration } from '../privacy/index.ts';
import { newConfirmationLink } from './email-identity.ts';
import type { MailEvents } from './mail.ts';
import { createUserRepository } from './repositories/users.ts';
import { mayMailStranger } from './stranger-mail.ts';
import type { TokenService } from './tokens.ts';

/**
 * Signing up (`ip`: the client's address): a student account, its consents and age record, and its
 * emails, committed together; signing up logs in, so it answers the first login's token pair.
 */
export async function register(
  { db, config, tokens, mail }: { db: Db; config: Config; tokens: TokenService; mail: MailEvents },
  ip: string,
  input: RegisterInput,
): Promise<TokenPair> {
  const users = createUserRepository(db);
  const limiter = createRateLimiter(db);
  const age = checkAgeAnswer(input);
  // Accounts created from one address are limited, so sign-up cannot be used to mass-create users.
  const registrations = `register:addr:${ip}`;
  const attempt = await limiter.attempt(
    [{ key: registrations, max: config.registerMaxPerAddress, windowSeconds: config.registerWindowSeconds }],
    [registrations],
  );
  if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
  try {
    // A taken username is said (people need to pick another); whether the email has an account is not
    // (decision record 042): the new account is made either way, and the address's owner is told.
    if (await users.usernameTaken(input.username))
      throw new ValidationFailed({ username: [SERVER_MESSAGES.usernameTaken] });
    const emailOwned = await users.emailTaken(input.email);
    const passwordHash = await hashPassword(input.password);
    const notify = await mayMailStranger(limiter, config.mailMaxPerRecipientPerDay, input.email);
    // A parent's address is typed by the student: its email counts against that recipient's daily allowance.
    const parent = {
      linkKey: mail.resetLinkKey,
      send:
        age === 'minor' && (await mayMailStranger(limiter, config.mailMaxPerRecipientPerDay, input.parent_email ?? '')),
    };
    let user;
    try {
      // The account and its email commit together. Signing up logs in, so it is the first login.
      user = await db.transaction().execute(async (trx) => {
        const created = await createUserRepository(trx).create({
          username: input.username,
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          password_hash: passwordHash,
          role: 'student',
          last_login: nowIso(),
          phone: input.phone ?? null,
        });
        // The welcome carries the address's confirmation link (decision record 063); the note to an address
        // that has an account carries none (its owner did not ask for this account).
        if (notify && emailOwned) await mail.registrationAttempted(trx, input.email);
        else if (notify) await mail.userRegistered(trx, created, await newConfirmationLink(trx, mail, created));
        const mailContext = { institute: config.institute, publicUrl: config.publicUrl };
        await recordRegistration(trx, mailContext, config.privacy.noticeVersion, created, input, age, parent);
        return created;
      });
    } catch (error) {
      // Lost a race with an identical registration.
      if (isUniqueViolation(error)) throw new ValidationFailed({ username: [SERVER_MESSAGES.usernameTaken] });
      throw error;
    }
    return await tokens.issuePair(user.id);
  } catch (error) {
    // Only accounts actually created count against the address.
    await limiter.release(attempt);
    throw error;
  }
}
