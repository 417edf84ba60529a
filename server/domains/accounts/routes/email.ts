import type { FastifyInstance } from 'fastify';
import { EmailChangeInput, EmailLinkInput, IDENTITY_PATHS, TokenPair } from '../../../../contract/index.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { responseSchema } from '../../../platform/lib/response-schemas.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createOwnAccount } from '../own-account.ts';

/**
 * The email address's confirmation, change and undo (decision record 063). The change is limited like a
 * login (the limiter's rows, per account: every attempt counts), so a stolen access token cannot guess the
 * password through it; the confirmation email counts against the recipient's daily allowance of emails
 * anyone can trigger (MAIL_MAX_PER_RECIPIENT_PER_DAY).
 */
export default async function emailRoutes(app: FastifyInstance) {
  const account = createOwnAccount(app.deps);

  app.post(
    IDENTITY_PATHS.email,
    { preHandler: authenticated, schema: { response: { 200: responseSchema(TokenPair) } } },
    async (request) => {
      const user = requireUser(request);
      // Every login ended with the change; this device continues with a fresh pair.
      return account.changeEmail(user, parse(EmailChangeInput, request.body));
    },
  );

  app.post(IDENTITY_PATHS.emailConfirmation, { preHandler: authenticated }, async (request, reply) => {
    return reply.code(202).send(await account.resendConfirmation(requireUser(request)));
  });

  app.post(IDENTITY_PATHS.confirmEmail, async (request, reply) => {
    await account.confirmEmail(parse(EmailLinkInput, request.body).token);
    return reply.code(204).send();
  });

  app.post(IDENTITY_PATHS.undoEmailChange, async (request, reply) => {
    await account.undoEmailChange(parse(EmailLinkInput, request.body).token);
    return reply.code(204).send();
  });
}
