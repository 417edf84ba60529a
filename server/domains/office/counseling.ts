import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  OFFICE_MESSAGES,
  type CounselingNoteInput,
  type CounselingPatch,
  type CounselingRequest,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { CounselingRequestsTable, UserRow } from '../../platform/db/schema.ts';
import { notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createCounselingRepository } from './repositories/counseling.ts';
import type { CounselingFilters } from './repositories/counseling-list.ts';
import { diff } from '../../platform/lib/diff.ts';
import { isActiveStaff } from '../accounts/index.ts';
import { toCounselingRequest } from './present.ts';

type CounselingRequestRow = Selectable<CounselingRequestsTable>;

/** The counseling pipeline (issue 11): status, assignee, next follow-up and dated notes, every change audited. */
export function createCounselingService(db: Db) {
  /** The requests as the API answers them, each with its notes (one query for all of them). */
  async function withNotes(trx: Db, rows: CounselingRequestRow[]): Promise<CounselingRequest[]> {
    const notes = await createCounselingRepository(trx).notesFor(rows.map((r) => r.id));
    return rows.map((row) =>
      toCounselingRequest(
        row,
        notes.filter((n) => n.request_id === row.id),
      ),
    );
  }
  async function view(trx: Db, id: number): Promise<CounselingRequest> {
    const row = await createCounselingRepository(trx).findById(id);
    if (!row) throw notFound();
    const [one] = await withNotes(trx, [row]);
    return one!;
  }

  return {
    /**
     * A page of the list and its count (read side by side). With a search the count may stop at
     * COUNT_CAP (`capped`); one row past the page is then read, so `more` says whether a next page exists.
     */
    async page(filters: CounselingFilters, limit: number, offset: number) {
      const repo = createCounselingRepository(db);
      const extra = filters.search ? 1 : 0;
      const [count, rows] = await Promise.all([repo.count(filters), repo.page(filters, limit + extra, offset)]);
      return {
        ...count,
        more: rows.length > limit,
        results: await withNotes(db, rows.slice(0, limit)),
      };
    },

    async update(admin: UserRow, id: number, patch: z.output<typeof CounselingPatch>): Promise<CounselingRequest> {
      return inTransaction(db, async (trx) => {
        const repo = createCounselingRepository(trx);
        const before = await repo.findById(id);
        if (!before) throw notFound();
        if (patch.assignee !== undefined && patch.assignee !== null) {
          const staff = await isActiveStaff(trx, patch.assignee);
          if (!staff) throw new ValidationFailed({ assignee: [OFFICE_MESSAGES.assigneeNotStaff] });
        }
        const values = {
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.assignee !== undefined ? { assignee_id: patch.assignee } : {}),
          ...(patch.next_follow_up !== undefined ? { next_follow_up: patch.next_follow_up } : {}),
        };
        if (Object.keys(values).length) {
          await repo.update(id, values);
          const changes = diff(before, values);
          if (Object.keys(changes).length)
            await createAuditRepository(trx).record({
              actorId: admin.id,
              action: 'update',
              entity: 'counseling_request',
              entityId: id,
              changes,
            });
        }
        return view(trx, id);
      });
    },

    async addNote(admin: UserRow, id: number, input: z.output<typeof CounselingNoteInput>): Promise<CounselingRequest> {
      return inTransaction(db, async (trx) => {
        const repo = createCounselingRepository(trx);
        if (!(await repo.findById(id))) throw notFound();
        await repo.addNote(id, admin.id, input.text, nowIso());
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'note',
          entity: 'counseling_request',
          entityId: id,
          changes: { note: input.text },
        });
        return view(trx, id);
      });
    },
  };
}
