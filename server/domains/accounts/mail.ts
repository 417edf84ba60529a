import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createUserRepository } from './repositories/users.ts';
import { EMAIL_LINK_PLACEHOLDERS, RESET_LINK_PLACEHOLDER } from '../../platform/lib/reset-links.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import {
  counselingAcknowledgedEmail,
  counselingAdminNotice,
  emailChangedEmail,
  emailConfirmationEmail,
  passwordResetEmail,
  registrationAttemptEmail,
  welcomeEmail,
  type CounselingDetails,
  type MailContext,
} from './templates.ts';

/**
 * The account events that write emails, each in the caller's transaction: sign-up, counseling, password
 * reset and the email address's confirmation and change (docs/api.md, "Email"). A payment's documents and emails are services/payment-effects.ts.
 */
export function createMailEvents(config: Pick<Config, 'institute' | 'publicUrl'>, resetLinkKey: Buffer) {
  const ctx: MailContext = { institute: config.institute, publicUrl: config.publicUrl };

  return {
    /** The key password reset tokens derive from (server/platform/lib/reset-links.ts). */
    resetLinkKey,

    /** A student account was just created: the welcome, with the address's confirmation link (`linkId`). */
    async userRegistered(trx: Db, user: { email: string }, linkId: number): Promise<void> {
      await enqueueEmail(trx, {
        template: 'welcome',
        to: [user.email],
        ...welcomeEmail(ctx, EMAIL_LINK_PLACEHOLDERS.confirm),
        attachments: [{ kind: 'email_link', id: linkId }],
      });
    },

    /** An address's confirmation link (decision record 063): written in only as it is sent. */
    async emailConfirmation(trx: Db, email: string, linkId: number): Promise<void> {
      await enqueueEmail(trx, {
        template: 'email_confirmation',
        to: [email],
        ...emailConfirmationEmail(ctx, EMAIL_LINK_PLACEHOLDERS.confirm),
        attachments: [{ kind: 'email_link', id: linkId }],
      });
    },

    /** The notice to the old address after a change, with the link that undoes it. */
    async emailChanged(trx: Db, oldEmail: string, linkId: number): Promise<void> {
      await enqueueEmail(trx, {
        template: 'email_changed',
        to: [oldEmail],
        ...emailChangedEmail(ctx, EMAIL_LINK_PLACEHOLDERS.undo),
        attachments: [{ kind: 'email_link', id: linkId }],
      });
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
