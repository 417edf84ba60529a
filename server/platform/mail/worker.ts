import { taxDocumentFileName } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../db/connect.ts';
import type { OutboxRow } from '../db/schema.ts';
import { parseDocument } from '../../domains/billing/documents.ts';
import { renderTaxDocument } from '../../domains/billing/pdf.ts';
import {
  EMAIL_LINK_PLACEHOLDERS,
  emailLink,
  GUARDIAN_LINK_PLACEHOLDER,
  guardianLink,
  guardianToken,
  RESET_LINK_PLACEHOLDER,
  resetLink,
  resetLinkKey,
  resetToken,
} from '../lib/reset-links.ts';
import { createEmailLinkRepository } from '../../domains/accounts/repositories/email-links.ts';
import { createConsentRepository } from '../../domains/privacy/repositories/consents.ts';
import { createOutboxRepository } from '../db/outbox.ts';
import { createPasswordResetRepository } from '../../domains/accounts/repositories/password-resets.ts';
import { resolveJwtSecret } from '../../domains/accounts/tokens.ts';
import { createTaxDocumentRepository } from '../../domains/billing/repository.ts';
import type { AttachmentRef } from './outbox.ts';
import { certificateAttachment } from '../../domains/certificates/attachment.ts';
import { offerConfirmationLinkOf } from '../../domains/placement/confirmation-mail.ts';
import { createSmtpTransport, senderDomain, type MailTransport } from './transport.ts';

/**
 * Sends the outbox from inside the server process: polls, claims due rows, sends them through SMTP (or,
 * with no SMTP_URL, marks them sent-to-nowhere so administrators read them in the Outbox view), retries a
 * failure after retryBaseMs × 2^(attempt − 1), gives up after maxAttempts.
 */
export function createMailWorker(options: {
  db: Db;
  dialect: Dialect;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mail' | 'jwtSecret' | 'publicUrl' | 'institute'>;
  transport?: MailTransport | null;
  onError?: (error: unknown) => void;
}) {
  const { db, dialect, config } = options;
  const transport = options.transport === undefined ? createSmtpTransport(config) : options.transport;
  const domain = senderDomain(config.mailFrom);
  const outbox = createOutboxRepository(db);
  const documents = createTaxDocumentRepository(db);
  const resets = createPasswordResetRepository(db);
  const emailLinks = createEmailLinkRepository(db);
  let linkKey: Promise<Buffer> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function attachments(refs: AttachmentRef[]) {
    const out = [];
    for (const ref of refs) {
      if (ref.kind === 'certificate') {
        out.push(await certificateAttachment(db, config, ref.id));
        continue;
      }
      if (ref.kind !== 'tax_document') continue;
      const doc = await documents.findById(ref.id);
      if (!doc) throw new Error(`attachment: tax document ${ref.id} not found`);
      out.push({
        filename: taxDocumentFileName(doc.kind, doc.number),
        content: await renderTaxDocument(parseDocument(doc)),
        contentType: 'application/pdf',
      });
    }
    return out;
  }

  /** The link a placeholder stands for, derived again from its nonce and the server's secret; null: none. */
  async function linkOf(ref: AttachmentRef): Promise<{ placeholder: string; link: string } | null> {
    if (ref.kind === 'offer_confirmation') {
      const secret = await resolveJwtSecret(db, config.jwtSecret);
      return offerConfirmationLinkOf(db, secret, config.publicUrl, ref.id);
    }
    if (ref.kind !== 'password_reset' && ref.kind !== 'guardian_consent' && ref.kind !== 'email_link') return null;
    linkKey ??= resolveJwtSecret(db, config.jwtSecret).then(resetLinkKey);
    if (ref.kind === 'email_link') {
      const row = await emailLinks.findLink(ref.id);
      if (!row) throw new Error(`email link ${ref.id} has no link to send`);
      return {
        placeholder: EMAIL_LINK_PLACEHOLDERS[row.purpose],
        link: emailLink(config.publicUrl, row.purpose, resetToken(await linkKey, row.link_nonce)),
      };
    }
    if (ref.kind === 'guardian_consent') {
      const nonce = await createConsentRepository(db).guardianLinkNonce(ref.id);
      // Confirmed already (the nonce is gone): the email says so instead of carrying a dead link.
      if (!nonce) return { placeholder: GUARDIAN_LINK_PLACEHOLDER, link: '(already confirmed)' };
      return {
        placeholder: GUARDIAN_LINK_PLACEHOLDER,
        link: guardianLink(config.publicUrl, guardianToken(await linkKey, nonce)),
      };
    }
    const reset = await resets.findLink(ref.id);
    if (!reset?.link_nonce) throw new Error(`password reset ${ref.id} has no link to send`);
    return {
      placeholder: RESET_LINK_PLACEHOLDER,
      link: resetLink(config.publicUrl, resetToken(await linkKey, reset.link_nonce)),
    };
  }

  /**
   * The bodies as sent: a password reset's, an email confirmation's or undo's, or a parent's confirmation
   * link in place of the placeholder the outbox stores (server/platform/lib/reset-links.ts).
   */
  async function bodies(row: OutboxRow, refs: AttachmentRef[]) {
    let { text_body: text, html_body: html } = row;
    for (const ref of refs) {
      const resolved = await linkOf(ref);
      if (!resolved) continue;
      const { placeholder, link } = resolved;
      text = text.replaceAll(placeholder, link);
      html = html.replaceAll(placeholder, link.startsWith('http') ? `<a href="${link}">${link}</a>` : link);
    }
    return { text, html };
  }

  async function deliver(row: OutboxRow): Promise<void> {
    // Without SMTP nothing leaves: a reset link is never written anywhere.
    if (!transport) return outbox.markSent(row.id, 'nowhere');
    try {
      const refs = JSON.parse(row.attachments) as AttachmentRef[];
      await transport.send({
        from: config.mailFrom,
        to: (JSON.parse(row.recipients) as string[]).join(', '),
        subject: row.subject,
        ...(await bodies(row, refs)),
        messageId: `<${row.message_id}@${domain}>`,
        attachments: await attachments(refs),
      });
    } catch (error) {
      const delay = config.mail.retryBaseMs * 2 ** Math.max(0, row.attempts - 1);
      await outbox.markFailed(
        row,
        error instanceof Error ? error.message : String(error),
        config.mail.maxAttempts,
        delay,
      );
      return;
    }
    await outbox.markSent(row.id, 'sent');
  }

  /** One pass: claims and sends every due email; answers how many were handled. */
  async function runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await outbox.claimDue(dialect, 10, config.mail.leaseSeconds);
      if (rows.length === 0) return handled;
      for (const row of rows) await deliver(row);
      handled += rows.length;
      if (stopped) return handled;
    }
  }

  function tick() {
    if (stopped || running) return;
    running = runOnce()
      .catch((error: unknown) => {
        options.onError?.(error);
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    runOnce,
    /** Starts polling every config.mail.pollMs (and passes once at once). */
    start() {
      stopped = false;
      tick();
      timer = setInterval(tick, config.mail.pollMs);
      timer.unref();
    },
    /** Stops polling and waits for the pass under way. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport?.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
