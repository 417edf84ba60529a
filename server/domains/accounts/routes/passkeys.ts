import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FirstFactorInput,
  MfaPasskeyInput,
  MfaTokenInput,
  PASSKEY_PATHS,
  PasskeyAssertionInput,
  PasskeyRegistrationInput,
} from '../../../../contract/index.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireStepUp, requireUser } from '../../../platform/http/auth.ts';
import { createSecondFactor } from '../second-factor.ts';
import { createSignIn } from '../sign-in.ts';
import { enrolling } from './mfa.ts';

/**
 * Passkeys (decision record 055): the owner's list, registration and removal; the login's second step
 * with a passkey; signing in with a passkey alone. Step-up with a passkey is in mfa.ts beside the code.
 */
export default async function passkeyRoutes(app: FastifyInstance) {
  const { mfa } = app.deps;
  const secondFactor = createSecondFactor(app.deps);
  const signIn = createSignIn(app.deps);

  /** Adding a passkey to an account that has a second factor already needs a fresh proof of it. */
  const mayEnrol = (request: FastifyRequest) => {
    const user = requireUser(request);
    return user.mfa_enabled ? requireStepUp(request) : user;
  };

  app.get(PASSKEY_PATHS.list, { preHandler: authenticated }, (request) => mfa.passkeys.list(requireUser(request).id));

  // The challenge is issued only to one who may add a factor: the account's first one needs the password
  // (or a login minutes old), another one a step-up (second-factor.ts).
  app.post(PASSKEY_PATHS.registrationOptions, { preHandler: authenticated }, async (request) => {
    const input = parse(FirstFactorInput, request.body ?? {});
    return secondFactor.passkeyRegistrationOptions(enrolling(request), input.password);
  });

  app.post(PASSKEY_PATHS.registration, { preHandler: authenticated }, async (request, reply) => {
    const user = mayEnrol(request);
    const input = parse(PasskeyRegistrationInput, request.body);
    return reply.code(201).send(await secondFactor.registerPasskey(user, input.name, input.response));
  });

  app.delete(PASSKEY_PATHS.one(), { preHandler: authenticated }, async (request, reply) => {
    const user = requireStepUp(request);
    const { id } = request.params as { id: string };
    await secondFactor.removePasskey(user, id);
    return reply.code(204).send();
  });

  // The login's second step with a passkey: options for the mfa_token's account, then its assertion
  // trades the token for the pair exactly as a code does (same limits, same single use).
  app.post(PASSKEY_PATHS.mfaOptions, async (request) =>
    secondFactor.passkeyLoginOptions(parse(MfaTokenInput, request.body).mfa_token),
  );

  app.post(PASSKEY_PATHS.mfa, async (request) =>
    secondFactor.completeLogin(parse(MfaPasskeyInput, request.body), request.ip),
  );

  // Signing in with a passkey alone: a discoverable passkey that verified its user is both factors.
  // Each options request stores a challenge row, so it counts against the address; a sign-in attempt
  // counts too and is taken back when it succeeds (as the login's).
  app.post(PASSKEY_PATHS.loginOptions, async (request) => signIn.passkeyOptions(request.ip));

  app.post(PASSKEY_PATHS.login, async (request) =>
    signIn.withPasskey(request.ip, parse(PasskeyAssertionInput, request.body)),
  );
}
