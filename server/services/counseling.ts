import type { z } from 'zod';
import {
  OFFICE_MESSAGES,
  type CounselingNoteInput,
  type CounselingPatch,
  type CounselingRequest,
} from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import { notFound, ValidationFailed } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import { inTransaction } from '../lib/transaction.ts';
import { createAuditRepository } from '../repositories/audit.ts';
import { createUserRepository } from '../repositories/users.ts';
import { createCounselingRepository, type CounselingFilters } from '../repositories/counseling.ts';
import { diff } from '../lib/diff.ts';
import { toCounselingRequest } from './present.ts';

/** The counseling pipeline (issue 11): status, assignee, next follow-up and dated notes, every change audited. */
export function createCounselingService(db: Db) {
  async function views(trx: Db, ids: number[]): Promise<CounselingRequest[]> {
    const repo = createCounselingRepository(trx);
    const [rows, notes] = await Promise.all([repo.byIds(ids), repo.notesFor(ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            toCounselingRequest(
              row,
              notes.filter((n) => n.request_id === id),
            ),
          ]
        : [];
    });
  }
  async function view(trx: Db, id: number): Promise<CounselingRequest> {
    const [one] = await views(trx, [id]);
    if (!one) throw notFound();
    return one;
  }

  return {
    async page(filters: CounselingFilters, limit: number, offset: number) {
      const repo = createCounselingRepository(db);
      const [count, ids] = await Promise.all([repo.count(filters), repo.page(filters, limit, offset)]);
      return {
        count,
        results: await views(
          db,
          ids.map((r) => r.id),
        ),
      };
    },

    async update(admin: UserRow, id: number, patch: z.output<typeof CounselingPatch>): Promise<CounselingRequest> {
      return inTransaction(db, async (trx) => {
        const repo = createCounselingRepository(trx);
        const before = await repo.findById(id);
        if (!before) throw notFound();
        if (patch.assignee !== undefined && patch.assignee !== null) {
          const staff = await createUserRepository(trx).isActiveStaff(patch.assignee);
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
