import type { FastifyInstance } from 'fastify';
import {
  IDENTITY_MESSAGES,
  MFA_MESSAGES,
  MFA_PATHS,
  PasswordChangeInput,
  ProfileInput,
} from '../../../../contract/index.ts';
import { HttpError, rateLimited, ValidationFailed } from '../../../platform/lib/errors.ts';
import { hashPassword, verifyPassword } from '../../../platform/lib/passwords.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { createDeviceRepository } from '../repositories/devices.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { createRefreshTokenRepository } from '../repositories/refresh-tokens.ts';
import { createUserRepository } from '../repositories/users.ts';
import { toUser } from '../present.ts';
import { phoneChanged } from '../../notifications/index.ts';

/** The account page's own endpoints: profile, password change, signed-in devices. Any logged-in user, for themselves. */
export default async function accountRoutes(app: FastifyInstance) {
  const { db, tokens, config } = app.deps;
  const limiter = createRateLimiter(db);
  const devices = createDeviceRepository(db);

  app.patch(MFA_PATHS.profile, { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const { email, ...names } = parse(ProfileInput, request.body ?? {});
    // The address changes only with the password (POST /auth/account/email/, decision record 063); the
    // profile form may send it unchanged.
    if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
      throw new ValidationFailed({ email: [IDENTITY_MESSAGES.profileEmail] });
    }
    const changes = Object.fromEntries(Object.entries(names).filter(([, v]) => v !== undefined));
    await db.transaction().execute(async (trx) => {
      await createUserRepository(trx).update(user.id, changes);
      // The one number WhatsApp and SMS go to (decision record 083): what they do about a new one.
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
  });

  // A new password ends every login (every device signs in again) and answers a fresh pair for this one.
  app.post(MFA_PATHS.password, { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const input = parse(PasswordChangeInput, request.body);
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
  });

  app.get(MFA_PATHS.sessions, { preHandler: authenticated }, (request) => devices.list(requireUser(request).id));

  app.delete(MFA_PATHS.session(), { preHandler: authenticated }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!(await devices.signOut(requireUser(request).id, id))) throw new HttpError(404, MFA_MESSAGES.sessionNotFound);
    return reply.code(204).send();
  });
}
