import { sql } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';

/** A student's channels: the number (91 and ten digits) and whether WhatsApp is on and SMS stopped. */
export type ChannelSettings = { user_id: number; phone: string | null; whatsapp_opt_in: number; sms_stopped: number };

const channelSettings = (db: Db) =>
  db
    .selectFrom('users')
    .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
    .select((eb) => [
      'users.id as user_id',
      'users.phone',
      eb.fn.coalesce('notification_settings.whatsapp_opt_in', sql<number>`0`).as('whatsapp_opt_in'),
      eb.fn.coalesce('notification_settings.sms_stopped', sql<number>`0`).as('sms_stopped'),
    ]);
const withCode = (row: ChannelSettings): ChannelSettings => ({
  ...row,
  phone: row.phone ? `91${row.phone}` : null,
  whatsapp_opt_in: Number(row.whatsapp_opt_in),
  sms_stopped: Number(row.sms_stopped),
});

/** The students' channel settings (part of createNotificationRepository). */
export function createSettingsRepository(db: Db) {
  return {
    /**
     * The channel settings of these accounts, with the number WhatsApp and SMS go to: the account's own
     * (`users.phone`, ten digits; decision record 084), answered as 91 and the ten digits, the providers' form.
     */
    settings: async (userIds: number[]): Promise<ChannelSettings[]> =>
      userIds.length === 0 ? [] : (await channelSettings(db).where('users.id', 'in', userIds).execute()).map(withCode),
    settingsOf: async (userId: number): Promise<ChannelSettings | undefined> => {
      const row = await channelSettings(db).where('users.id', '=', userId).executeTakeFirst();
      return row && withCode(row);
    },
    /** The accounts whose number is `phone` (91 and ten digits, as a provider names it). */
    byPhone: async (phone: string): Promise<ChannelSettings[]> =>
      (await channelSettings(db).where('users.phone', '=', phone.slice(-10)).execute()).map(withCode),
    /** Saves the settings; a `phone` (91 and ten digits, or null) is the account's number, `users.phone`. */
    async saveSettings(
      userId: number,
      { phone, ...values }: { phone?: string | null; whatsapp_opt_in?: number; sms_stopped?: number },
    ) {
      const now = new Date().toISOString();
      if (phone !== undefined) {
        await db
          .updateTable('users')
          .set({ phone: phone?.slice(-10) ?? null })
          .where('id', '=', userId)
          .execute();
      }
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, whatsapp_opt_in: 0, sms_stopped: 0, ...values, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },
  };
}
