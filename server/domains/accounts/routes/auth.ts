import type { FastifyInstance } from 'fastify';
import {
  API,
  LoginInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  RefreshInput,
  RegisterInput,
  TokenPair,
  User,
} from '../../../../contract/index.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { responseSchema } from '../../../platform/lib/response-schemas.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { toUser } from '../present.ts';
import { register } from '../registration.ts';
import { createSignIn } from '../sign-in.ts';

export { RESET_LINK_INVALID, RESET_REQUESTED } from '../sign-in.ts';

/** Login, refresh, register, logout and the current user. */
export default async function authRoutes(app: FastifyInstance) {
  const { tokens } = app.deps;
  const signIn = createSignIn(app.deps);

  // With a second factor on, the right password answers an mfa_token and no tokens (POST /auth/token/mfa/).
  app.post(API.token, async (request) => signIn.withPassword(request.ip, parse(LoginInput, request.body)));

  app.post(API.tokenRefresh, { schema: { response: { 200: responseSchema(TokenPair) } } }, async (request) => {
    const input = parse(RefreshInput, request.body);
    return tokens.rotate(input.refresh);
  });

  app.post(API.register, async (request, reply) => {
    const input = parse(RegisterInput, request.body);
    return reply.code(201).send(await register(app.deps, request.ip, input));
  });

  app.post(API.logout, async (request, reply) => {
    const input = parse(RefreshInput, request.body);
    await tokens.revoke(input.refresh);
    return reply.code(204).send();
  });

  app.get(API.me, { preHandler: authenticated, schema: { response: { 200: responseSchema(User) } } }, (request) =>
    toUser(requireUser(request)),
  );

  // Forgot password: the same 202 answer whether or not an account has the address (sign-in.ts).
  app.post(API.passwordReset, async (request, reply) => {
    const input = parse(PasswordResetRequestInput, request.body);
    return reply.code(202).send(await signIn.requestPasswordReset(request.ip, input));
  });

  app.post(API.passwordResetConfirm, async (request, reply) => {
    const input = parse(PasswordResetConfirmInput, request.body);
    await signIn.resetPassword(input);
    return reply.code(204).send();
  });
}
