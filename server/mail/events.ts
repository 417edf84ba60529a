import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { createUserRepository } from '../repositories/users.ts';
import { RESET_LINK_PLACEHOLDER } from '../lib/reset-links.ts';
import { enqueueEmail } from './outbox.ts';
import {
  counselingAcknowledgedEmail,
  counselingAdminNotice,
  passwordResetEmail,
  registrationAttemptEmail,
  welcomeEmail,
  type CounselingDetails,
  type MailContext,
} from './templates.ts';

/**
 * The account events that write emails, each in the caller's transaction: sign-up, counseling and password
 * reset (docs/api.md, "Email"). A payment's documents and emails are services/payment-effects.ts.
 */
export function createMailEvents(config: Pick<Config, 'institute' | 'publicUrl'>, resetLinkKey: Buffer) {
  const ctx: MailContext = { institute: config.institute, publicUrl: config.publicUrl };

  return {
    /** The key password reset tokens derive from (server/lib/reset-links.ts). */
    resetLinkKey,

    /** A student account was just created. */
    async userRegistered(trx: Db, user: { email: string }): Promise<void> {
      await enqueueEmail(trx, { template: 'welcome', to: [user.email], ...welcomeEmail(ctx) });
    },

    /** Someone tried to sign up with the address of an existing account: a note to that account's owner. */
    async registrationAttempted(trx: Db, email: string): Promise<void> {
      await enqueueEmail(trx, { template: 'registration_attempt', to: [email], ...registrationAttemptEmail(ctx) });
    },

    /**
     * A visitor booked a counseling session: the notice to every administrator, and the acknowledgement to
     * the visitor when `acknowledge` (the address's daily allowance of such emails is not used up).
     */
    async counselingRequested(trx: Db, request: CounselingDetails, acknowledge: boolean): Promise<void> {
      if (acknowledge) {
        await enqueueEmail(trx, {
          template: 'counseling_acknowledged',
          to: [request.email],
          ...counselingAcknowledgedEmail(ctx, request),
        });
      }
      const admins = await createUserRepository(trx).adminEmails();
      if (admins.length) {
        await enqueueEmail(trx, {
          template: 'counseling_admin_notice',
          to: admins,
          ...counselingAdminNotice(ctx, request),
        });
      }
    },

    /** The password reset email (server/routes/auth): its link is written in only as it is sent. */
    async passwordReset(
      trx: Db,
      user: { email: string; first_name: string; username: string },
      resetId: number,
    ): Promise<void> {
      await enqueueEmail(trx, {
        template: 'password_reset',
        to: [user.email],
        ...passwordResetEmail(ctx, { firstName: user.first_name || user.username, link: RESET_LINK_PLACEHOLDER }),
        attachments: [{ kind: 'password_reset', id: resetId }],
      });
    },
  };
}
export type MailEvents = ReturnType<typeof createMailEvents>;
