import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FirstFactorInput,
  MfaPasskeyInput,
  MfaTokenInput,
  PASSKEY_MESSAGES,
  PASSKEY_PATHS,
  PasskeyAssertionInput,
  PasskeyRegistrationInput,
} from '../../../../contract/index.ts';
import { HttpError, rateLimited } from '../../../platform/lib/errors.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireStepUp, requireUser } from '../../../platform/http/auth.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { createUserRepository } from '../repositories/users.ts';
import { mayAddFactor, noticeFactorChange } from './factor-changes.ts';

/**
 * Passkeys (decision record 055): the owner's list, registration and removal; the login's second step
 * with a passkey; signing in with a passkey alone. Step-up with a passkey is in mfa.ts beside the code.
 */
export default async function passkeyRoutes(app: FastifyInstance) {
  const { db, config, tokens, mfa } = app.deps;
  const limiter = createRateLimiter(db);
  const users = createUserRepository(db);

  /** Adding a passkey to an account that has a second factor already needs a fresh proof of it. */
  const mayEnrol = (request: FastifyRequest) => {
    const user = requireUser(request);
    return user.mfa_enabled ? requireStepUp(request) : user;
  };

  /** Passkey sign-in attempts per client address, like the login's per-address limit. */
  const addressLimit = (request: FastifyRequest, kind: string) => {
    const key = `passkey:${kind}:${request.ip}`;
    return limiter.attempt(
      [{ key, max: config.loginMaxFailuresPerAddress, windowSeconds: config.loginWindowSeconds }],
      [key],
    );
  };

  app.get(PASSKEY_PATHS.list, { preHandler: authenticated }, (request) => mfa.passkeys.list(requireUser(request).id));

  // The challenge is issued only to one who may add a factor: the account's first one needs the password
  // (or a login minutes old), another one a step-up (factor-changes.ts).
  app.post(PASSKEY_PATHS.registrationOptions, { preHandler: authenticated }, async (request) => {
    const input = parse(FirstFactorInput, request.body ?? {});
    return mfa.passkeys.registrationOptions(await mayAddFactor(request, input.password));
  });

  app.post(PASSKEY_PATHS.registration, { preHandler: authenticated }, async (request, reply) => {
    const user = mayEnrol(request);
    const input = parse(PasskeyRegistrationInput, request.body);
    const passkey = await mfa.passkeys.register(user, input.name, input.response);
    await noticeFactorChange(request, user, 'passkey_added');
    return reply.code(201).send(passkey);
  });

  app.delete(PASSKEY_PATHS.one(), { preHandler: authenticated }, async (request, reply) => {
    const user = requireStepUp(request);
    const { id } = request.params as { id: string };
    await mfa.passkeys.remove(user, id);
    await noticeFactorChange(request, user, 'passkey_removed');
    return reply.code(204).send();
  });

  // The login's second step with a passkey: options for the mfa_token's account, then its assertion
  // trades the token for the pair exactly as a code does (same limits, same single use).
  app.post(PASSKEY_PATHS.mfaOptions, async (request) => {
    const input = parse(MfaTokenInput, request.body);
    return mfa.passkeys.userAuthenticationOptions(await mfa.login.tokenUser(input.mfa_token), 'passkey-mfa');
  });

  app.post(PASSKEY_PATHS.mfa, async (request) => {
    const input = parse(MfaPasskeyInput, request.body);
    return tokens.issuePair(await mfa.login.complete(input, request.ip));
  });

  // Signing in with a passkey alone: a discoverable passkey that verified its user is both factors.
  // Each options request stores a challenge row, so it counts against the address; a sign-in attempt
  // counts too and is taken back when it succeeds (as the login's).
  app.post(PASSKEY_PATHS.loginOptions, async (request) => {
    const attempt = await addressLimit(request, 'options');
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    return mfa.passkeys.loginOptions();
  });

  app.post(PASSKEY_PATHS.login, async (request) => {
    const input = parse(PasskeyAssertionInput, request.body);
    const attempt = await addressLimit(request, 'login');
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    const { userId } = await mfa.passkeys.assert(input.response, 'passkey-login', null, 401);
    const user = await users.findById(userId);
    // A deactivated account answers like an unknown passkey: nothing to learn from trying.
    if (!user?.is_active) throw new HttpError(401, PASSKEY_MESSAGES.unknown);
    await limiter.release(attempt);
    await users.recordLogin(userId);
    return tokens.issuePair(userId);
  });
}
