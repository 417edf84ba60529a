import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { TaxDocumentRow } from '../../platform/db/schema.ts';
import { createBilling, paymentForInvoice } from '../billing/index.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { paymentConfirmationEmail, paymentFailedEmail, refundEmail, type MailContext } from '../accounts/index.ts';
import { createBatchJoinedMail } from '../batches/index.ts';
import { instalmentsOnCompletion } from '../pricing/index.ts';
import { paymentTotalPaise } from '../../../contract/money.ts';
import { taxDocumentFileName } from '../../../contract/index.ts';
import { mayMailStrangerWithin } from '../accounts/index.ts';
import { noticeOf } from '../notifications/index.ts';

/**
 * What else happens, in the same transaction, when a payment's money moves: on completion the tax invoice
 * and the confirmation email, on a failed attempt the "try again" email, on a refund the credit note and
 * its email. buildApp makes them once and hands them to the payment, refund, gateway-event and
 * reconciliation services (docs/decisions/005), which pass them to the rules that move money, so every
 * path (student, administrator, gateway webhook, reconciliation) issues them. No module holds them: two
 * apps in one process (tests) each have their own.
 */
export type PaymentEffects = {
  completed: (trx: Db, paymentId: number) => Promise<unknown>;
  failed: (trx: Db, paymentId: number) => Promise<unknown>;
  refunded: (trx: Db, refund: { paymentId: number; refundId: number; amountPaise: number }) => Promise<unknown>;
};

/** The documents and emails of a payment's events, each written in the caller's transaction. */
export function createPaymentEffects(
  config: Pick<Config, 'institute' | 'publicUrl' | 'jwtSecret' | 'mailMaxPerRecipientPerDay'>,
) {
  const billing = createBilling(config.institute);
  const ctx: MailContext = { institute: config.institute, publicUrl: config.publicUrl };

  async function paymentParty(trx: Db, paymentId: number) {
    const payment = await paymentForInvoice(trx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const name =
      [payment.billing_first_name, payment.billing_last_name].filter(Boolean).join(' ') ||
      payment.user_first_name ||
      'student';
    const course =
      (payment.course_type === 'program' ? payment.program_title : payment.workshop_title) ?? 'your course';
    // The account's email, and the billing email when it differs: an address the buyer typed, so within
    // its recipient's daily allowance (MAIL_MAX_PER_RECIPIENT_PER_DAY, decision record 065).
    const copyTo = payment.billing_email?.trim().toLowerCase();
    const copy =
      copyTo &&
      copyTo !== payment.user_email.trim().toLowerCase() &&
      (await mayMailStrangerWithin(trx, config.mailMaxPerRecipientPerDay, copyTo));
    const to = [payment.user_email, copy ? (payment.billing_email ?? '') : ''];
    const totalPaise = paymentTotalPaise(payment);
    return { payment, name, course, to, totalPaise };
  }

  const events = {
    /**
     * A payment has just become completed (call it in the completing transaction): issues its tax invoice
     * (amount above zero) and writes the confirmation email with the invoice attached.
     */
    async paymentCompleted(trx: Db, paymentId: number): Promise<TaxDocumentRow | null> {
      const invoice = await billing.issueInvoice(trx, paymentId);
      if (!invoice) return null;
      // Once per completion: the billing copy's address is counted against its daily allowance here.
      const { payment, name, course, to } = await paymentParty(trx, paymentId);
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
      await noticeOf.paid(trx, ctx, payment.student_id, {
        name: payment.user_first_name || name,
        course,
        totalPaise: Number(invoice.total_paise),
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
      const { payment, name, course, to } = await paymentParty(trx, input.paymentId);
      await enqueueEmail(trx, {
        template: 'refund',
        to,
        ...refundEmail(ctx, { name, course, amountPaise: input.amountPaise, creditNoteNumber: note.number }),
        attachments: [{ kind: 'tax_document', id: note.id, filename: taxDocumentFileName('credit_note', note.number) }],
      });
      await noticeOf.paid(trx, ctx, payment.student_id, {
        name: payment.user_first_name || name,
        course,
        totalPaise: input.amountPaise,
        refund: true,
      });
      return note;
    },
  };
  // A payment for a batch also writes the "enrolled into a batch" email (services/batch-mail.ts).
  const batchJoined = createBatchJoinedMail(config);
  const effects: PaymentEffects = {
    completed: async (trx, paymentId) => {
      // A plan's first instalment creates the schedule; a later one is marked paid (decision record 054).
      await instalmentsOnCompletion(trx, paymentId);
      const invoice = await events.paymentCompleted(trx, paymentId);
      await batchJoined(trx, paymentId);
      return invoice;
    },
    failed: (trx, paymentId) => events.paymentFailed(trx, paymentId),
    refunded: (trx, refund) => events.refundIssued(trx, refund),
  };
  return { events, effects };
}
export type PaymentEvents = ReturnType<typeof createPaymentEffects>['events'];
