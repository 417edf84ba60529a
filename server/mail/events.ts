import { taxDocumentFileName } from '../../contract/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { TaxDocumentRow } from '../db/schema.ts';
import { createBilling } from '../billing/documents.ts';
import { createTaxDocumentRepository } from '../repositories/tax-documents.ts';
import { createUserRepository } from '../repositories/users.ts';
import { RESET_LINK_PLACEHOLDER } from '../lib/reset-links.ts';
import { enqueueEmail } from './outbox.ts';
import {
  counselingAcknowledgedEmail,
  counselingAdminNotice,
  paymentConfirmationEmail,
  passwordResetEmail,
  paymentFailedEmail,
  refundEmail,
  registrationAttemptEmail,
  welcomeEmail,
  type CounselingDetails,
  type MailContext,
} from './templates.ts';

/**
 * The money and account events that issue documents and write emails, each in the caller's transaction.
 * These are the entry points the payment, refund, sign-up and counseling code calls (docs/api.md, "Email").
 */
export function createMailEvents(config: Pick<Config, 'institute' | 'publicUrl'>, resetLinkKey: Buffer) {
  const billing = createBilling(config.institute);
  const ctx: MailContext = { institute: config.institute, publicUrl: config.publicUrl };

  async function paymentParty(trx: Db, paymentId: number) {
    const payment = await createTaxDocumentRepository(trx).paymentForInvoice(paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const name =
      [payment.billing_first_name, payment.billing_last_name].filter(Boolean).join(' ') ||
      payment.user_first_name ||
      'student';
    const course =
      (payment.course_type === 'program' ? payment.program_title : payment.workshop_title) ?? 'your course';
    // The account's email, and the billing email when it differs.
    const to = [payment.user_email, payment.billing_email ?? ''];
    const totalPaise = payment.total_paise === null ? payment.amount * 100 : Number(payment.total_paise);
    return { payment, name, course, to, totalPaise };
  }

  return {
    billing,
    /** The key password reset tokens derive from (server/lib/reset-links.ts). */
    resetLinkKey,

    /**
     * A payment has just become completed (call it in the completing transaction): issues its tax invoice
     * (amount above zero) and writes the confirmation email with the invoice attached.
     */
    async paymentCompleted(trx: Db, paymentId: number): Promise<TaxDocumentRow | null> {
      const invoice = await billing.issueInvoice(trx, paymentId);
      if (!invoice) return null;
      const { name, course, to } = await paymentParty(trx, paymentId);
      await enqueueEmail(trx, {
        template: 'payment_confirmation',
        to,
        ...paymentConfirmationEmail(ctx, {
          name,
          course,
          totalPaise: Number(invoice.total_paise),
          invoiceNumber: invoice.number,
        }),
        attachments: [
          { kind: 'tax_document', id: invoice.id, filename: taxDocumentFileName('invoice', invoice.number) },
        ],
      });
      return invoice;
    },

    /** A payment has just failed (call it in the transaction that marks it failed): the email with a retry link. */
    async paymentFailed(trx: Db, paymentId: number): Promise<void> {
      const { payment, name, course, to, totalPaise } = await paymentParty(trx, paymentId);
      const retryUrl = `${ctx.publicUrl}/payment/${payment.course_type}/${payment.course_id}`;
      await enqueueEmail(trx, {
        template: 'payment_failed',
        to,
        ...paymentFailedEmail(ctx, { name, course, totalPaise, retryUrl }),
      });
    },

    /**
     * A refund has just been recorded (call it in that transaction): issues its credit note (the invoice's
     * split in proportion) and writes the refund email with the credit note attached.
     */
    async refundIssued(
      trx: Db,
      input: { paymentId: number; refundId: number; amountPaise: number },
    ): Promise<TaxDocumentRow> {
      const note = await billing.issueCreditNote(trx, input);
      const { name, course, to } = await paymentParty(trx, input.paymentId);
      await enqueueEmail(trx, {
        template: 'refund',
        to,
        ...refundEmail(ctx, { name, course, amountPaise: input.amountPaise, creditNoteNumber: note.number }),
        attachments: [{ kind: 'tax_document', id: note.id, filename: taxDocumentFileName('credit_note', note.number) }],
      });
      return note;
    },

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
