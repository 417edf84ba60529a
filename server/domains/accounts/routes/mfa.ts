import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminMfaResetInput,
  FirstFactorInput,
  MFA_PATHS,
  MfaLoginInput,
  PASSKEY_PATHS,
  RegenerateCodesInput,
  StepUpInput,
  TotpConfirmInput,
  TotpDisableInput,
} from '../../../../contract/index.ts';
import { adminOnly, authenticated, requireStepUp, requireUser, requireAdmin } from '../../../platform/http/auth.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { loginOf } from '../mfa/step-up.ts';
import { createSecondFactor, type Enrolling } from '../second-factor.ts';

/**
 * Who is adding a factor: the signed-in user, their login, and the step-up check an account with a second
 * factor must pass (the first factor needs the password or a login minutes old instead: second-factor.ts).
 */
export const enrolling = (request: FastifyRequest): Enrolling => ({
  user: requireUser(request),
  login: request.login,
  stepUp: () => requireStepUp(request),
});

/** The second factor: set up, confirm, turn off, recovery codes, the login's second step, step-up. */
export default async function mfaRoutes(app: FastifyInstance) {
  const { mfa } = app.deps;
  const secondFactor = createSecondFactor(app.deps);

  app.get(MFA_PATHS.status, { preHandler: authenticated }, (request) =>
    mfa.factors.status(requireUser(request), request.login),
  );

  app.post(MFA_PATHS.totpSetup, { preHandler: authenticated }, async (request) => {
    const input = parse(FirstFactorInput, request.body ?? {});
    return secondFactor.setupTotp(enrolling(request), input.password);
  });

  app.post(MFA_PATHS.totpConfirm, { preHandler: authenticated }, async (request) => {
    const input = parse(TotpConfirmInput, request.body);
    return secondFactor.confirmTotp(requireUser(request), input.code);
  });

  app.post(MFA_PATHS.totpDisable, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(TotpDisableInput, request.body);
    await secondFactor.disableTotp(user, input);
    return reply.code(204).send();
  });

  app.post(MFA_PATHS.recoveryCodes, { preHandler: authenticated }, async (request) => {
    const input = parse(RegenerateCodesInput, request.body);
    return secondFactor.regenerateCodes(requireUser(request), input.code);
  });

  // Step-up with a code, or with a passkey's assertion (options: POST /auth/step-up/passkey/options/).
  app.post(MFA_PATHS.stepUp, { preHandler: authenticated }, async (request) => {
    const input = parse(StepUpInput, request.body);
    // Before the proof is checked, so a code is not spent on a token that cannot carry the proof.
    const login = loginOf(request);
    return secondFactor.stepUp(requireUser(request), login, input);
  });

  app.post(PASSKEY_PATHS.stepUpOptions, { preHandler: authenticated }, (request) =>
    mfa.passkeys.userAuthenticationOptions(requireUser(request).id, 'passkey-step-up'),
  );

  app.post(MFA_PATHS.tokenMfa, async (request) =>
    secondFactor.completeLogin(parse(MfaLoginInput, request.body), request.ip),
  );

  // An administrator removes another user's second factor (authenticator app and passkeys: a lost phone):
  // with a reason, audited, and the owner is told by email. Needs a fresh step-up like every sensitive action.
  app.post(MFA_PATHS.adminResetMfa(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(AdminMfaResetInput, request.body);
    await secondFactor.resetByAdmin(admin, id, input.reason);
    return reply.code(204).send();
  });
}
