import type { Db } from '../../platform/db/connect.ts';
import { createConsentRepository } from './repositories/consents.ts';

/**
 * Consents given item by item to one subject (a success story's name, photo, company and CTC: decision
 * record 079), kept with the other consent records: one event per item, with its time, the statement's
 * version and the exact text shown. A withdrawal is a new event (append-only), as for every purpose.
 */

/** The purpose of one item of one subject, such as `story:12:name` (at most 32 characters). */
export const itemPurpose = (subject: string, id: number, item: string) => `${subject}:${id}:${item}`;

export async function recordItemConsents(
  trx: Db,
  userId: number,
  events: { purpose: string; granted: boolean }[],
  statement: { version: string; text: string; source: string },
): Promise<void> {
  await createConsentRepository(trx).append(
    events.map((e) => ({
      user_id: userId,
      email: null,
      purpose: e.purpose,
      granted: e.granted,
      notice_version: statement.version,
      source: statement.source,
      shown_text: statement.text,
    })),
  );
}

/**
 * The live state of some items: for each (account, purpose) the latest event at or after `since` of that
 * purpose (an event before it no longer counts), with its time; absent when there is none.
 */
export async function itemConsentStates(
  db: Db,
  userIds: number[],
  purposes: { purpose: string; since: string | null }[],
): Promise<Map<string, { granted: boolean; at: string }>> {
  const since = new Map(purposes.map((p) => [p.purpose, p.since]));
  const rows = await createConsentRepository(db).ofPurposes(
    [...new Set(userIds)],
    purposes.map((p) => p.purpose),
  );
  const live = new Map<string, { granted: boolean; at: string }>();
  for (const row of rows) {
    const at = String(row.created_at);
    const from = since.get(row.purpose);
    if (from && at < from) continue;
    live.set(`${row.user_id}|${row.purpose}`, { granted: Number(row.granted) === 1, at });
  }
  return live;
}
