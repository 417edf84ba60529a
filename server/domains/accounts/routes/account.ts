import type { FastifyInstance } from 'fastify';
import { MFA_PATHS, PasswordChangeInput, ProfileInput } from '../../../../contract/index.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createOwnAccount } from '../own-account.ts';

/** The account page's own endpoints: profile, password change, signed-in devices. Any logged-in user, for themselves. */
export default async function accountRoutes(app: FastifyInstance) {
  const account = createOwnAccount(app.deps);

  app.patch(MFA_PATHS.profile, { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    return account.updateProfile(user, parse(ProfileInput, request.body ?? {}));
  });

  // A new password ends every login (every device signs in again) and answers a fresh pair for this one.
  app.post(MFA_PATHS.password, { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    return account.changePassword(user, parse(PasswordChangeInput, request.body));
  });

  app.get(MFA_PATHS.sessions, { preHandler: authenticated }, (request) => account.devices(requireUser(request).id));

  app.delete(MFA_PATHS.session(), { preHandler: authenticated }, async (request, reply) => {
    const { id } = request.params as { id: string };
    await account.signOutDevice(requireUser(request).id, id);
    return reply.code(204).send();
  });
}
