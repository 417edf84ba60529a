import { sql } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import { holding, withinSpans, type AddressSpan } from './identity.ts';

/**
 * An erasure's copies (decision record 063): the person's data where it was copied into another record, each
 * pseudonymised in place so the record keeps its use. The audit log keeps who did what to which id; the
 * gateway's stored messages keep their ids, amounts and statuses for reconciliation; the administrators'
 * notice emails keep their time and recipients. `terms` are the person's names, usernames, addresses and
 * phone numbers: a text that holds one becomes ERASED.
 */

const ERASED = 'erased';

/** Keys of a gateway message (Razorpay's payment entity and its notes) that hold the payer's data. */
const PAYER_KEYS = new Set([
  'email',
  'contact',
  'vpa',
  'name',
  'notes',
  'customer_id',
  'address',
  'billing_address',
  'phone',
]);

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching any of the terms as a whole word (names of two letters or fewer are not searched). */
export function termPattern(terms: (string | null | undefined)[]): RegExp | null {
  const words = [...new Set(terms.flatMap((t) => (t && t.trim().length > 2 ? [t.trim().toLowerCase()] : [])))];
  return words.length ? new RegExp(`(^|\\W)(${words.map(escape).join('|')})(?=\\W|$)`, 'i') : null;
}

/** Every string in `value` that holds a term becomes ERASED; the shape (keys, numbers, ids) stays. */
function scrub(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return pattern.test(value) ? ERASED : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, pattern));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, pattern)]));
  }
  return value;
}

/** A gateway message without the payer's fields (any depth). */
function withoutPayer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPayer);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) =>
        PAYER_KEYS.has(k) && v !== null ? [k, typeof v === 'object' ? {} : ERASED] : [k, withoutPayer(v)],
      ),
    );
  }
  return value;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createErasureCopiesRepository(db: Db) {
  return {
    /**
     * The audit rows about the person (their account, their payments, enrollments and counseling requests,
     * what they did themselves) and any row naming one of their confirmed addresses within its span.
     */
    async scrubAudit(
      userId: number,
      about: { payments: number[]; enrollments: number[]; counseling: number[] },
      spans: AddressSpan[],
      pattern: RegExp | null,
    ): Promise<void> {
      if (!pattern) return;
      const of = (entity: string, ids: number[]) =>
        ids.length ? sql`(entity = ${entity} AND entity_id IN (${sql.join(ids)}))` : sql`1 = 0`;
      const mentions = withinSpans(spans, holding('changes'));
      const rows = await sql<{ id: number; changes: string }>`
        SELECT id, changes FROM audit_log
        WHERE (entity = 'user' AND entity_id = ${userId}) OR actor_id = ${userId}
          OR ${of('payment', about.payments)} OR ${of('enrollment', about.enrollments)}
          OR ${of('counseling_request', about.counseling)} OR ${mentions}`.execute(db);
      for (const row of rows.rows) {
        const before = parsed(row.changes);
        if (before === undefined) continue;
        const after = JSON.stringify(scrub(before, pattern));
        if (after !== row.changes)
          await db.updateTable('audit_log').set({ changes: after }).where('id', '=', row.id).execute();
      }
    },

    /** The gateway's stored messages about the person's payments: the payer's fields go, ids and amounts stay. */
    async scrubGatewayEvents(paymentIds: number[]): Promise<void> {
      if (paymentIds.length === 0) return;
      const orders = db.selectFrom('payments').select('gateway_order_id').where('id', 'in', paymentIds);
      const rows = await db
        .selectFrom('gateway_events')
        .select(['id', 'payload'])
        .where((eb) => eb.or([eb('payment_id', 'in', paymentIds), eb('gateway_order_id', 'in', orders)]))
        .execute();
      for (const row of rows) {
        const before = parsed(row.payload);
        if (before === undefined) continue;
        const after = JSON.stringify(withoutPayer(before));
        if (after !== row.payload)
          await db.updateTable('gateway_events').set({ payload: after }).where('id', '=', row.id).execute();
      }
    },

    /**
     * Emails to others that name one of the person's confirmed addresses within its span (the
     * administrators' notice of a counseling request): their subject and bodies are emptied.
     */
    async scrubNotices(spans: AddressSpan[]): Promise<void> {
      const mentions = withinSpans(spans, holding('text_body'));
      await db
        .updateTable('outbox')
        .set({ status: 'failed', last_error: 'A person it named was erased.' })
        .where(mentions)
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      await db
        .updateTable('outbox')
        .set({ subject: '(erased)', text_body: '', html_body: '' })
        .where(mentions)
        .execute();
    },
  };
}
