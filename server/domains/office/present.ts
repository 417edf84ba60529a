import type { Selectable } from 'kysely';
import type { AuditEntry, CounselingRequest, OutboxEmail } from '../../../contract/index.ts';
import type { AuditLogTable, CounselingRequestsTable, OutboxRow } from '../../platform/db/schema.ts';

/** The office's rows (counseling requests, the audit log, the email outbox) as the API answers them. */

export type CounselingNoteRow = { text: string; created_at: string; author: string | null };

export function toCounselingRequest(
  row: Selectable<CounselingRequestsTable>,
  notes: CounselingNoteRow[] = [],
): CounselingRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    preferred_date: row.preferred_date,
    interest: row.interest,
    message: row.message,
    created_at: row.created_at,
    status: row.status,
    assignee: row.assignee_id,
    next_follow_up: row.next_follow_up,
    notes: notes.map((n) => ({ at: n.created_at, author: n.author, text: n.text })),
  };
}

export function toAuditEntry(row: Selectable<AuditLogTable> & { actor_username: string | null }): AuditEntry {
  let changes: Record<string, unknown> = {};
  try {
    changes = JSON.parse(row.changes) as Record<string, unknown>;
  } catch {
    changes = {};
  }
  return {
    id: row.id,
    actor:
      row.actor_id !== null && row.actor_username !== null ? { id: row.actor_id, username: row.actor_username } : null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    changes,
    created_at: row.created_at,
  };
}

/**
 * An outbox row for the admin Outbox view: attachments by their file name (the PDF itself is made when
 * sent; rows written before names were kept show the document's id). A reset link is no attachment.
 */
export function toOutboxEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    template: row.template,
    recipients: JSON.parse(row.recipients) as string[],
    subject: row.subject,
    text_body: row.text_body,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    attachments: (JSON.parse(row.attachments) as { kind: string; id: number; filename?: string }[])
      .filter((a) => a.kind === 'tax_document' || a.kind === 'certificate')
      .map((a) => a.filename ?? `${a.kind === 'certificate' ? 'certificate' : 'tax document'} #${a.id}`),
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}
