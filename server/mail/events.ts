import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { createUserRepository } from '../repositories/users.ts';
import { enqueueEmail } from './outbox.ts';
import {
  counselingAcknowledgedEmail,
  counselingAdminNotice,
  passwordResetEmail,
  welcomeEmail,
  type CounselingDetails,
  type MailContext,
} from './templates.ts';

/**
 * The account events that write emails, each in the caller's transaction: sign-up, counseling and password
 * reset (docs/api.md, "Email"). A payment's documents and emails are services/payment-effects.ts.
 */
export function createMailEvents(config: Pick<Config, 'institute' | 'publicUrl'>) {
  const ctx: MailContext = { institute: config.institute, publicUrl: config.publicUrl };

  return {
    /** A student account was just created. */
    async userRegistered(trx: Db, user: { email: string; first_name: string; username: string }): Promise<void> {
      await enqueueEmail(trx, {
        template: 'welcome',
        to: [user.email],
        ...welcomeEmail(ctx, { firstName: user.first_name, username: user.username }),
      });
    },

    /** A visitor booked a counseling session: the acknowledgement to them, the notice to every administrator. */
    async counselingRequested(trx: Db, request: CounselingDetails): Promise<void> {
      await enqueueEmail(trx, {
        template: 'counseling_acknowledged',
        to: [request.email],
        ...counselingAcknowledgedEmail(ctx, request),
      });
      const admins = await createUserRepository(trx).adminEmails();
      if (admins.length) {
        await enqueueEmail(trx, {
          template: 'counseling_admin_notice',
          to: admins,
          ...counselingAdminNotice(ctx, request),
        });
      }
    },

    /** The password reset link (server/routes/auth). */
    async passwordReset(trx: Db, user: { email: string; first_name: string; username: string }, link: string) {
      await enqueueEmail(trx, {
        template: 'password_reset',
        to: [user.email],
        ...passwordResetEmail(ctx, { firstName: user.first_name || user.username, link }),
      });
    },
  };
}
export type MailEvents = ReturnType<typeof createMailEvents>;
