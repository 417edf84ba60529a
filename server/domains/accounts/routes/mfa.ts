import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminMfaResetInput,
  FirstFactorInput,
  MFA_MESSAGES,
  MFA_PATHS,
  MfaLoginInput,
  PASSKEY_PATHS,
  type AuthenticationResponse,
  RegenerateCodesInput,
  StepUpInput,
  TotpConfirmInput,
  TotpDisableInput,
} from '../../../../contract/index.ts';
import { BusinessError, notFound, rateLimited } from '../../../platform/lib/errors.ts';
import { verifyPassword } from '../../../platform/lib/passwords.ts';
import { adminOnly, authenticated, requireUser, requireAdmin } from '../../../platform/http/auth.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { createUserRepository } from '../repositories/users.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { loginOf } from '../mfa/step-up.ts';
import { mayAddFactor, noticeFactorChange } from './factor-changes.ts';

/** The second factor: set up, confirm, turn off, recovery codes, the login's second step, step-up. */
export default async function mfaRoutes(app: FastifyInstance) {
  const { db, config, tokens, mfa } = app.deps;
  const limiter = createRateLimiter(db);
  const users = createUserRepository(db);

  /**
   * A code check of a logged-in user (step-up, turning off, new recovery codes), with the password too
   * when given: 5 wrong answers per window (the attempt is counted before either is checked).
   */
  async function provenCode(request: FastifyRequest, code: string, password?: string): Promise<void> {
    const user = requireUser(request);
    const key = `mfa:code:${user.id}`;
    const attempt = await limiter.attempt(
      [{ key, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: config.loginWindowSeconds }],
      [key],
    );
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    if (password !== undefined && !(await verifyPassword(password, user.password_hash))) {
      throw new BusinessError(MFA_MESSAGES.passwordWrong);
    }
    if (!(await mfa.factors.checkCode(user.id, code))) throw new BusinessError(MFA_MESSAGES.codeInvalid);
    await limiter.release(attempt);
  }

  /** A passkey assertion of the logged-in user, under the same limit as a code. */
  async function provenPasskey(request: FastifyRequest, response: AuthenticationResponse): Promise<void> {
    const user = requireUser(request);
    const key = `mfa:code:${user.id}`;
    const attempt = await limiter.attempt(
      [{ key, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: config.loginWindowSeconds }],
      [key],
    );
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    await mfa.passkeys.assert(response, 'passkey-step-up', user.id, 400);
    await limiter.release(attempt);
  }

  app.get(MFA_PATHS.status, { preHandler: authenticated }, (request) =>
    mfa.factors.status(requireUser(request), request.login),
  );

  // The first factor needs the password (or a login minutes old); another one a step-up (factor-changes.ts).
  app.post(MFA_PATHS.totpSetup, { preHandler: authenticated }, async (request) => {
    const input = parse(FirstFactorInput, request.body ?? {});
    if ((await mfa.factors.status(requireUser(request))).totp_enabled)
      throw new BusinessError(MFA_MESSAGES.alreadyEnabled);
    return mfa.factors.setup(await mayAddFactor(request, input.password));
  });

  app.post(MFA_PATHS.totpConfirm, { preHandler: authenticated }, async (request) => {
    const input = parse(TotpConfirmInput, request.body);
    const user = requireUser(request);
    const codes = await mfa.factors.confirm(user, input.code);
    await noticeFactorChange(request, user, 'totp_added');
    return { recovery_codes: codes };
  });

  app.post(MFA_PATHS.totpDisable, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(TotpDisableInput, request.body);
    if (!(await mfa.factors.status(user)).totp_enabled) throw new BusinessError(MFA_MESSAGES.notEnabled);
    await provenCode(request, input.code, input.password);
    await mfa.factors.disable(user.id, user.id);
    await noticeFactorChange(request, user, 'totp_removed');
    return reply.code(204).send();
  });

  app.post(MFA_PATHS.recoveryCodes, { preHandler: authenticated }, async (request) => {
    const input = parse(RegenerateCodesInput, request.body);
    await provenCode(request, input.code);
    const codes = await mfa.factors.regenerate(requireUser(request));
    await noticeFactorChange(request, requireUser(request), 'recovery_codes_regenerated');
    return { recovery_codes: codes };
  });

  // Step-up with a code, or with a passkey's assertion (options: POST /auth/step-up/passkey/options/).
  app.post(MFA_PATHS.stepUp, { preHandler: authenticated }, async (request) => {
    const input = parse(StepUpInput, request.body);
    // Before the proof is checked, so a code is not spent on a token that cannot carry the proof.
    const login = loginOf(request);
    if ('response' in input) {
      await provenPasskey(request, input.response);
      return { step_up_until: await mfa.factors.recordStepUp(requireUser(request), login, 'passkey') };
    }
    await provenCode(request, input.code);
    return { step_up_until: await mfa.factors.recordStepUp(requireUser(request), login, 'totp') };
  });

  app.post(PASSKEY_PATHS.stepUpOptions, { preHandler: authenticated }, (request) =>
    mfa.passkeys.userAuthenticationOptions(requireUser(request).id, 'passkey-step-up'),
  );

  app.post(MFA_PATHS.tokenMfa, async (request) => {
    const input = parse(MfaLoginInput, request.body);
    const userId = await mfa.login.complete(input, request.ip);
    return tokens.issuePair(userId);
  });

  // An administrator removes another user's second factor (authenticator app and passkeys: a lost phone):
  // with a reason, audited,
  // and the owner is told by email. Needs a fresh step-up like every sensitive action.
  app.post(MFA_PATHS.adminResetMfa(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(AdminMfaResetInput, request.body);
    if (id === admin.id) throw new BusinessError(MFA_MESSAGES.resetSelf);
    const owner = await users.findById(id);
    if (!owner) throw notFound();
    const factors = await mfa.factors.status(owner);
    if (!factors.totp_enabled && factors.passkeys === 0) throw new BusinessError(MFA_MESSAGES.resetNothing);
    await mfa.factors.disable(admin.id, owner.id, { reason: input.reason }, owner);
    return reply.code(204).send();
  });
}
