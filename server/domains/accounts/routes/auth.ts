import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  LoginInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  RefreshInput,
  RegisterInput,
  SERVER_MESSAGES,
  TokenPair,
  User,
} from '../../../../contract/index.ts';
import { BusinessError, HttpError, rateLimited, ValidationFailed } from '../../../platform/lib/errors.ts';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../../../platform/lib/passwords.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { responseSchema } from '../../../platform/lib/response-schemas.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createPasswordResetRepository } from '../repositories/password-resets.ts';
import { createRefreshTokenRepository } from '../repositories/refresh-tokens.ts';
import { createUserRepository } from '../repositories/users.ts';
import { isUniqueViolation } from '../../../platform/lib/db-errors.ts';
import { issuePasswordReset, sha256 } from '../password-resets.ts';
import { newConfirmationLink } from '../email-identity.ts';
import { toUser } from '../present.ts';
import { mayMailStranger } from '../stranger-mail.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { checkAgeAnswer } from '../../privacy/age.ts';
import { recordRegistration } from '../../privacy/consents.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';

/** Login, refresh, register, logout and the current user. */
export default async function authRoutes(app: FastifyInstance) {
  const { db, config, tokens, mail } = app.deps;
  const users = createUserRepository(db);
  const limiter = createRateLimiter(db);

  const loginLimits = (request: FastifyRequest, username: string) => {
    const account = username.toLowerCase();
    const pair = `login:pair:${account}|${request.ip}`;
    const address = `login:addr:${request.ip}`;
    const accountKey = `login:user:${account}`;
    const window = config.loginWindowSeconds;
    return {
      pair,
      limits: [
        { key: pair, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: window },
        { key: address, max: config.loginMaxFailuresPerAddress, windowSeconds: window },
      ],
      record: [pair, address, accountKey],
      slowdown: {
        key: accountKey,
        after: config.loginSlowdownAfterFailuresPerAccount,
        baseSeconds: 1,
        maxSeconds: config.loginSlowdownMaxSeconds,
        windowSeconds: window,
      },
    };
  };

  app.post(API.token, async (request) => {
    const input = parse(LoginInput, request.body);
    // The attempt is counted as a failure before the password is hashed, so a burst cannot overtake the
    // limit; a successful login takes its rows back.
    const rules = loginLimits(request, input.username);
    const attempt = await limiter.attempt(rules.limits, rules.record, rules.slowdown);
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);

    const user = await users.findByUsername(input.username);
    const ok = user
      ? await verifyPassword(input.password, user.password_hash)
      : (await burnPasswordCheck(input.password), false);
    // A deactivated account answers exactly like a wrong password: nothing to learn from trying.
    if (!user || !ok || !user.is_active) throw new HttpError(401, SERVER_MESSAGES.badCredentials);
    await limiter.release(attempt);
    await limiter.clear(rules.pair);
    // A hash made with an older cost (N=2^14 before decision record 065) is replaced with the password just checked.
    if (needsRehash(user.password_hash))
      await users.update(user.id, { password_hash: await hashPassword(input.password) });
    // With a second factor on, the right password answers an mfa_token and no tokens (POST /auth/token/mfa/).
    if (user.mfa_enabled) return app.deps.mfa.login.challenge(user.id);
    await users.recordLogin(user.id);
    return tokens.issuePair(user.id);
  });

  app.post(API.tokenRefresh, { schema: { response: { 200: responseSchema(TokenPair) } } }, async (request) => {
    const input = parse(RefreshInput, request.body);
    return tokens.rotate(input.refresh);
  });

  app.post(API.register, async (request, reply) => {
    const input = parse(RegisterInput, request.body);
    const age = checkAgeAnswer(input);
    // Accounts created from one address are limited, so sign-up cannot be used to mass-create users.
    const registrations = `register:addr:${request.ip}`;
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
          age === 'minor' &&
          (await mayMailStranger(limiter, config.mailMaxPerRecipientPerDay, input.parent_email ?? '')),
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
      return reply.code(201).send(await tokens.issuePair(user.id));
    } catch (error) {
      // Only accounts actually created count against the address.
      await limiter.release(attempt);
      throw error;
    }
  });

  app.post(API.logout, async (request, reply) => {
    const input = parse(RefreshInput, request.body);
    await tokens.revoke(input.refresh);
    return reply.code(204).send();
  });

  app.get(API.me, { preHandler: authenticated, schema: { response: { 200: responseSchema(User) } } }, (request) =>
    toUser(requireUser(request)),
  );

  // Forgot password: the same 202 answer whether or not an account has the address; the owner gets a
  // single-use link valid 30 minutes. Limited per client address and per account (like the login).
  app.post(API.passwordReset, async (request, reply) => {
    const input = parse(PasswordResetRequestInput, request.body);
    const byAddress = `reset:addr:${request.ip}`;
    const attempt = await limiter.attempt(
      [{ key: byAddress, max: config.resetMaxPerAddress, windowSeconds: config.resetWindowSeconds }],
      [byAddress],
    );
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    const user = await createPasswordResetRepository(db).findUserByEmail(input.email);
    if (user) {
      const byAccount = `reset:user:${user.id}`;
      // Over the account's limit the answer stays the same (it must not tell whether the account exists).
      const sending = await limiter.attempt(
        [{ key: byAccount, max: config.resetMaxPerAccount, windowSeconds: config.resetWindowSeconds }],
        [byAccount],
      );
      if (sending.ok) {
        try {
          await db.transaction().execute((trx) => issuePasswordReset(trx, mail, user));
        } catch (error) {
          await limiter.release(sending);
          throw error;
        }
      }
    }
    return reply.code(202).send({ detail: RESET_REQUESTED });
  });

  app.post(API.passwordResetConfirm, async (request, reply) => {
    const input = parse(PasswordResetConfirmInput, request.body);
    const passwordHash = await hashPassword(input.password);
    const done = await db.transaction().execute(async (trx) => {
      const resets = createPasswordResetRepository(trx);
      const userId = await resets.consume(sha256(input.token));
      if (userId === undefined) return false;
      await resets.setPassword(userId, passwordHash);
      await createRefreshTokenRepository(trx).revokeAllOf(userId);
      return true;
    });
    if (!done) throw new BusinessError(RESET_LINK_INVALID);
    return reply.code(204).send();
  });
}

export const RESET_REQUESTED = SERVER_MESSAGES.resetRequested;
export const RESET_LINK_INVALID = SERVER_MESSAGES.resetLinkInvalid;
