import type { z } from 'zod';
import type { Session, SessionInput, SessionPatch } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { BatchSessionRow } from '../../platform/db/schema.ts';
import { createBatchRepository } from './repository.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { meetingWindow } from '../lessons/index.ts';
import { istIsoDateTime } from '../../../contract/time.ts';

/** A session as the API shows it; the meeting link only as course-access decided (else null). */
export function toSession(row: BatchSessionRow, meetingUrl: string | null): Session {
  return {
    id: row.id,
    batch: row.batch_id,
    title: row.title,
    starts_at: istIsoDateTime(Date.parse(row.starts_at)),
    duration_minutes: row.duration_minutes,
    location: row.location,
    meeting_url: meetingUrl,
    meeting_opens_at: istIsoDateTime(meetingWindow(row).opens),
  };
}

/** The administrator's session writes; times are stored as UTC ISO (they sort as text). */
export const sessionWrites = {
  async create(trx: Db, batchId: number, input: z.output<typeof SessionInput>): Promise<number> {
    const now = nowIso();
    return createBatchRepository(trx).insertSession({
      batch_id: batchId,
      title: input.title,
      starts_at: new Date(input.starts_at).toISOString(),
      duration_minutes: input.duration_minutes,
      location: input.location,
      meeting_url: input.meeting_url,
      created_at: now,
      updated_at: now,
    });
  },
  async update(trx: Db, id: number, input: z.output<typeof SessionPatch>): Promise<void> {
    await createBatchRepository(trx).updateSession(id, {
      ...input,
      ...(input.starts_at !== undefined ? { starts_at: new Date(input.starts_at).toISOString() } : {}),
      updated_at: nowIso(),
    });
  },
};
