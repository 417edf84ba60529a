import type { FastifyInstance } from 'fastify';
import {
  EmailChangeInput,
  EmailLinkInput,
  IDENTITY_MESSAGES,
  IDENTITY_PATHS,
  TokenPair,
} from '../../../../contract/index.ts';
import { BusinessError, HttpError, rateLimited } from '../../../platform/lib/errors.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { responseSchema } from '../../../platform/lib/response-schemas.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { changeEmail, confirmEmail, sendConfirmation, undoEmailChange } from '../email-identity.ts';
import { sha256 } from '../password-resets.ts';
import { mayMailStranger } from '../stranger-mail.ts';

/**
 * The email address's confirmation, change and undo (decision record 063). The change is limited like a
 * login (the limiter's rows, per account: every attempt counts), so a stolen access token cannot guess the
 * password through it; the confirmation email counts against the recipient's daily allowance of emails
 * anyone can trigger (MAIL_MAX_PER_RECIPIENT_PER_DAY).
 */
export default async function emailRoutes(app: FastifyInstance) {
  const { db, config, tokens, mail } = app.deps;
  const limiter = createRateLimiter(db);

  app.post(
    IDENTITY_PATHS.email,
    { preHandler: authenticated, schema: { response: { 200: responseSchema(TokenPair) } } },
    async (request) => {
      const user = requireUser(request);
      const input = parse(EmailChangeInput, request.body);
      const key = `email-change:user:${user.id}`;
      const attempt = await limiter.attempt(
        [{ key, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: config.loginWindowSeconds }],
        [key],
      );
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
      await changeEmail(db, mail, user, input);
      // Every login ended with the change; this device continues with a fresh pair.
      return tokens.issuePair(user.id);
    },
  );

  app.post(IDENTITY_PATHS.emailConfirmation, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    if (user.email_verified_at) throw new BusinessError(IDENTITY_MESSAGES.alreadyConfirmed);
    if (!(await mayMailStranger(limiter, config.mailMaxPerRecipientPerDay, user.email))) {
      throw new HttpError(429, IDENTITY_MESSAGES.tooManyConfirmations);
    }
    await sendConfirmation(db, mail, user);
    return reply.code(202).send({ detail: IDENTITY_MESSAGES.confirmationSent });
  });

  app.post(IDENTITY_PATHS.confirmEmail, async (request, reply) => {
    const input = parse(EmailLinkInput, request.body);
    if (!(await confirmEmail(db, sha256(input.token)))) throw new BusinessError(IDENTITY_MESSAGES.confirmLinkInvalid);
    return reply.code(204).send();
  });

  app.post(IDENTITY_PATHS.undoEmailChange, async (request, reply) => {
    const input = parse(EmailLinkInput, request.body);
    if (!(await undoEmailChange(db, sha256(input.token)))) throw new BusinessError(IDENTITY_MESSAGES.undoLinkInvalid);
    return reply.code(204).send();
  });
}
