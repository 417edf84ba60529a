import type { Db } from '../../platform/db/connect.ts';
import {
  CONFIRMATION_LINK_PLACEHOLDER,
  confirmationLink,
  confirmationLinkKey,
  confirmationToken,
} from './confirmation-links.ts';
import { placementRepository } from './repository.ts';

/** The mail worker's part: the link of a confirmation, derived again from its nonce as the email is sent. */
export async function offerConfirmationLinkOf(
  db: Db,
  secret: string,
  publicUrl: string,
  confirmationId: number,
): Promise<{ placeholder: string; link: string }> {
  const row = await placementRepository(db).confirmationById(confirmationId);
  if (!row) throw new Error(`offer confirmation ${confirmationId} not found`);
  const token = confirmationToken(confirmationLinkKey(secret), row.link_nonce);
  return { placeholder: CONFIRMATION_LINK_PLACEHOLDER, link: confirmationLink(publicUrl, token) };
}
