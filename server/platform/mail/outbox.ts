import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { createOutboxRepository } from '../db/outbox.ts';

/**
 * The email outbox (docs/decisions/017-email-outbox.md). An email is a row written in the transaction of
 * the event that causes it: a rolled-back payment sends nothing, a committed one is sent even if the
 * process dies right after the commit.
 */

/**
 * What is resolved when the email is sent: the PDF of an invoice or credit note (an attachment), or the
 * link of a password reset (written into the body in place of RESET_LINK_PLACEHOLDER; never stored).
 */
export type AttachmentRef =
  | { kind: 'tax_document'; id: number; /** What the admin Outbox names it (taxDocumentFileName). */ filename?: string }
  | { kind: 'password_reset'; id: number }
  /** An email confirmation or undo link (email_links, decision record 063), written in like a reset link. */
  | { kind: 'email_link'; id: number }
  /** A parent's confirmation link (its age record's user id; decision record 065). */
  | { kind: 'guardian_consent'; id: number }
  /** A certificate's PDF (decision record 052). */
  | { kind: 'certificate'; id: number; filename?: string }
  /** An employer's offer-confirmation link (decision record 070): written in as it is sent, like a reset link. */
  | { kind: 'offer_confirmation'; id: number };

export type Email = {
  template: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: AttachmentRef[];
};

/** Writes an email to the outbox in the caller's transaction; answers its id. */
export async function enqueueEmail(trx: Db, email: Email): Promise<number> {
  const to = [...new Set(email.to.map((a) => a.trim()).filter(Boolean))];
  if (to.length === 0) throw new Error('enqueueEmail: no recipient.');
  const now = new Date().toISOString();
  return createOutboxRepository(trx).insert({
    // The left part of the Message-ID header: the same on every attempt, so a resent copy folds.
    message_id: randomUUID(),
    template: email.template,
    recipients: JSON.stringify(to),
    subject: email.subject,
    text_body: email.text,
    html_body: email.html,
    attachments: JSON.stringify(email.attachments ?? []),
    status: 'pending',
    next_attempt_at: now,
    created_at: now,
  });
}
