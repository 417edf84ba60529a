import type { ConsentPurpose } from '../../../contract/privacy.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createConsentRepository } from './repositories/consents.ts';
import { isMinor } from './age.ts';

/** The channels a marketing message may use, each its own consent purpose. */
export type MarketingChannel = ConsentPurpose;

/**
 * The one gate every marketing message passes (decision record 046): true only when the person's latest
 * consent event for this channel is a grant, the account is active, and the person is not a known minor.
 * Service messages (receipts, invoices, password resets, class reminders, breach notices) do not call it:
 * they are part of the service or required by law and need no consent.
 */
export async function mayMarket(
  db: Db,
  user: { id: number; is_active: number },
  channel: MarketingChannel,
  today: Date = new Date(),
): Promise<boolean> {
  if (!user.is_active) return false;
  const consents = createConsentRepository(db);
  const latest = await consents.latest(user.id, channel);
  if (!latest?.granted) return false;
  return !isMinor(await consents.age(user.id), today);
}
