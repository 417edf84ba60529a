import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, LoginInput, LogoutInput, RefreshInput, RegisterInput, SERVER_MESSAGES } from '../../../contract/index.ts';
import { HttpError, rateLimited, ValidationFailed } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { parse } from '../../lib/validate.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { createUserRepository } from '../../repositories/users.ts';
import { isUniqueViolation } from '../../services/enrollment.ts';
import { toUser } from '../../services/present.ts';
import { createRateLimiter } from '../../services/rate-limits.ts';

/** Login, refresh, register, logout and the current user. */
export default async function authRoutes(app: FastifyInstance) {
  const { db, config, tokens } = app.deps;
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
    if (!user || !ok) throw new HttpError(401, SERVER_MESSAGES.badCredentials);
    await limiter.release(attempt);
    await limiter.clear(rules.pair);
    return tokens.issuePair(user.id);
  });

  app.post(API.tokenRefresh, async (request) => {
    const input = parse(RefreshInput, request.body);
    return tokens.rotate(input.refresh);
  });

  app.post(API.register, async (request, reply) => {
    const input = parse(RegisterInput, request.body);
    // Accounts created from one address are limited, so sign-up cannot be used to mass-create users.
    const registrations = `register:addr:${request.ip}`;
    const attempt = await limiter.attempt(
      [{ key: registrations, max: config.registerMaxPerAddress, windowSeconds: config.registerWindowSeconds }],
      [registrations],
    );
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    try {
      const taken: Record<string, string[]> = {};
      if (await users.usernameTaken(input.username)) taken.username = [SERVER_MESSAGES.usernameTaken];
      if (await users.emailTaken(input.email)) taken.email = [SERVER_MESSAGES.emailTaken];
      if (Object.keys(taken).length) throw new ValidationFailed(taken);
      let user;
      try {
        user = await users.create({
          username: input.username,
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          password_hash: await hashPassword(input.password),
          role: 'student',
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
    const input = parse(LogoutInput, request.body);
    await tokens.revoke(input.refresh);
    return reply.code(204).send();
  });

  app.get(API.me, { preHandler: authenticated }, async (request) => toUser(requireUser(request)));
}
