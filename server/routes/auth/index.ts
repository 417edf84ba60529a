import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, LoginInput, LogoutInput, RefreshInput, RegisterInput, SERVER_MESSAGES } from '../../../contract/index.ts';
import { HttpError, rateLimited, ValidationFailed } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { parse } from '../../lib/validate.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { createRateEventRepository } from '../../repositories/rate-events.ts';
import { createUserRepository } from '../../repositories/users.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { toUser } from '../../services/present.ts';

/** Login, refresh, register, logout and the current user. */
export default async function authRoutes(app: FastifyInstance) {
  const { db, config, tokens } = app.deps;
  const users = createUserRepository(db);
  const rateEvents = createRateEventRepository(db);

  const loginKeys = (request: FastifyRequest, username: string) => ({
    user: `login:user:${username.toLowerCase()}`,
    address: `login:addr:${request.ip}`,
  });

  app.post(API.token, async (request) => {
    const input = parse(LoginInput, request.body);
    const keys = loginKeys(request, input.username);
    const [byUser, byAddress] = await Promise.all([
      rateEvents.count(keys.user, config.loginWindowSeconds),
      rateEvents.count(keys.address, config.loginWindowSeconds),
    ]);
    if (byUser >= config.loginMaxFailuresPerUser || byAddress >= config.loginMaxFailuresPerAddress) throw rateLimited();

    const user = await users.findByUsername(input.username);
    const ok = user
      ? await verifyPassword(input.password, user.password_hash)
      : (await burnPasswordCheck(input.password), false);
    if (!user || !ok) {
      await Promise.all([rateEvents.add(keys.user), rateEvents.add(keys.address)]);
      throw new HttpError(401, SERVER_MESSAGES.badCredentials);
    }
    await rateEvents.clear(keys.user);
    return tokens.issuePair(user.id);
  });

  app.post(API.tokenRefresh, async (request) => {
    const input = parse(RefreshInput, request.body);
    return tokens.refreshAccess(input.refresh);
  });

  app.post(API.register, async (request, reply) => {
    // Accounts created from one address are limited, so sign-up cannot be used to mass-create users.
    const registrations = `register:addr:${request.ip}`;
    if ((await rateEvents.count(registrations, config.registerWindowSeconds)) >= config.registerMaxPerAddress) {
      throw rateLimited();
    }
    const input = parse(RegisterInput, request.body);
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
    await rateEvents.add(registrations);
    return reply.code(201).send(await tokens.issuePair(user.id));
  });

  app.post(API.logout, async (request, reply) => {
    const input = parse(LogoutInput, request.body);
    await tokens.revoke(input.refresh);
    return reply.code(204).send();
  });

  app.get(API.me, { preHandler: authenticated }, async (request) => toUser(requireUser(request)));
}
