import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { GatewayEventsTable } from '../../../platform/db/schema.ts';

/** Gateway events, each stored once (unique event id), with the office's flags and resolutions. */
export function createGatewayEventRepository(db: Db) {
  return {
    /**
     * Stores the event unless its id, or what its signed body says (`body_key`, decision record 062), is
     * already stored: answers the new row's id, or null for a duplicate. (ON CONFLICT DO NOTHING on either
     * unique column: a racing twin waits for the first to commit and then does nothing, without aborting
     * its transaction on PostgreSQL.)
     */
    async insertOnce(values: Insertable<GatewayEventsTable>): Promise<number | null> {
      const row = await db
        .insertInto('gateway_events')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },
    async update(id: number, values: Updateable<GatewayEventsTable>): Promise<void> {
      await db.updateTable('gateway_events').set(values).where('id', '=', id).execute();
    },
    findById: (id: number) => db.selectFrom('gateway_events').selectAll().where('id', '=', id).executeTakeFirst(),
    findByEventId: (eventId: string) =>
      db.selectFrom('gateway_events').selectAll().where('event_id', '=', eventId).executeTakeFirst(),
    /** Flagged events, unresolved first, newest first. */
    listFlagged: (limit = 500) =>
      db
        .selectFrom('gateway_events')
        .selectAll()
        .where('flag', 'is not', null)
        .orderBy((eb) => eb.case().when('resolved_at', 'is', null).then(0).else(1).end())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    /** Marks a flagged event resolved, only if nobody resolved it first. Answers whether this call did. */
    async resolveIfOpen(
      id: number,
      values: Pick<GatewayEventsTable, 'resolved_at' | 'resolved_by' | 'resolution' | 'resolution_note'>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('gateway_events')
        .set(values)
        .where('id', '=', id)
        .where('flag', 'is not', null)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
