import type { z } from 'zod';
import {
  PLACEMENT_MESSAGES,
  type ConfirmationAnswerInput,
  type ConfirmationView,
  type HrContact,
} from '../../../contract/placement.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, HttpError } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import type { MailContext } from '../accounts/templates.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import {
  CONFIRMATION_LIFETIME_HOURS,
  confirmationToken,
  newLinkNonce,
  onDomain,
  siteDomain,
  tokenHash,
} from './confirmation-links.ts';
import { placementRepository } from './repository.ts';
import { offerConfirmationEmail } from './templates.ts';

/**
 * An employer confirms an offer (decision record 070): the office sends a single-use link, valid 24 hours,
 * to an HR contact of the employer on the employer's own domain (an address the student could not have
 * made up); the link shows the designation and CTC to confirm, correct or deny. Only then does the offer
 * count as verified via the employer.
 */
export function createConfirmationService(db: Db, mail: MailContext, linkKey: Buffer) {
  async function linkOf(trx: Db, token: string) {
    const repo = placementRepository(trx);
    const link = await repo.confirmation(tokenHash(token));
    if (!link) throw new HttpError(404, PLACEMENT_MESSAGES.linkInvalid);
    if (link.used_at) throw new HttpError(410, PLACEMENT_MESSAGES.linkUsed);
    if (link.expires_at <= nowIso()) throw new HttpError(410, PLACEMENT_MESSAGES.linkExpired);
    const offer = await repo.offer(link.offer_id);
    if (!offer) throw new HttpError(404, PLACEMENT_MESSAGES.linkInvalid);
    return { link, offer };
  }

  return {
    /** Sends the link to one of the employer's HR contacts on its domain (audited; the link never stored). */
    request: (
      admin: UserRow,
      offerId: number,
      contactEmail: string,
    ): Promise<{ sent_to: string; expires_at: string }> =>
      inTransaction(db, async (trx) => {
        const repo = placementRepository(trx);
        const offer = await repo.offer(offerId);
        if (!offer) throw new HttpError(404, PLACEMENT_MESSAGES.linkInvalid);
        if (offer.status !== 'claimed') throw new BusinessError(PLACEMENT_MESSAGES.notClaimed);
        const domain = siteDomain(offer.employer_website);
        if (!domain) throw new BusinessError(PLACEMENT_MESSAGES.noWebsite);
        const contacts = JSON.parse(offer.employer_contacts) as HrContact[];
        const contact = contacts.find((c) => c.email.toLowerCase() === contactEmail.toLowerCase());
        if (!contact || !onDomain(contact.email, domain)) {
          throw new BusinessError(PLACEMENT_MESSAGES.contactNotOnDomain(domain));
        }
        const nonce = newLinkNonce();
        const token = confirmationToken(linkKey, nonce);
        const now = new Date();
        const expiresAt = new Date(now.getTime() + CONFIRMATION_LIFETIME_HOURS * 3_600_000).toISOString();
        await repo.insertConfirmation({
          offer_id: offerId,
          token_hash: tokenHash(token),
          link_nonce: nonce,
          email: contact.email,
          expires_at: expiresAt,
          used_at: null,
          created_by: admin.id,
          created_at: now.toISOString(),
        });
        const link = await repo.confirmation(tokenHash(token));
        await enqueueEmail(trx, {
          template: 'offer_confirmation',
          to: [contact.email],
          ...offerConfirmationEmail(mail, {
            contactName: contact.name,
            employer: offer.employer_name,
            student: `${offer.first_name} ${offer.last_name}`.trim() || offer.username,
            designation: offer.designation,
            ctc: offer.annual_ctc,
            offerDate: offer.offer_date,
          }),
          attachments: [{ kind: 'offer_confirmation', id: link!.id }],
        });
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'request_confirmation',
          entity: 'placement_offer',
          entityId: offerId,
          changes: { sent_to: contact.email, expires_at: expiresAt },
        });
        return { sent_to: contact.email, expires_at: expiresAt };
      }),

    async view(token: string): Promise<ConfirmationView> {
      const { link, offer } = await linkOf(db, token);
      return {
        employer_name: offer.employer_name,
        student_name: `${offer.first_name} ${offer.last_name}`.trim() || offer.username,
        designation: offer.designation,
        annual_ctc: offer.annual_ctc,
        offer_date: offer.offer_date,
        expires_at: link.expires_at,
      };
    },

    /** The employer's answer: the link is taken first (single use), then the offer decided, in one transaction. */
    answer: (token: string, input: z.output<typeof ConfirmationAnswerInput>): Promise<{ message: string }> =>
      inTransaction(db, async (trx) => {
        const { link, offer } = await linkOf(trx, token);
        const repo = placementRepository(trx);
        const now = nowIso();
        if (!(await repo.useConfirmation(link.id, now))) throw new HttpError(410, PLACEMENT_MESSAGES.linkUsed);
        const corrected = input.decision === 'correct';
        const set =
          input.decision === 'deny'
            ? { status: 'rejected' as const, verified_via: null, verified_at: null }
            : {
                status: 'verified' as const,
                verified_via: 'employer' as const,
                verified_at: now,
                ...(corrected && input.designation ? { designation: input.designation } : {}),
                ...(corrected && input.annual_ctc ? { annual_ctc: input.annual_ctc } : {}),
              };
        const decided = await repo.decideOffer(offer.id, {
          ...set,
          verified_by: null,
          decision_note: `${input.decision} by ${link.email}${input.note ? `: ${input.note}` : ''}`,
          updated_at: now,
        });
        if (!decided) throw new BusinessError(PLACEMENT_MESSAGES.notClaimed);
        await createAuditRepository(trx).record({
          actorId: null,
          action: input.decision === 'deny' ? 'reject' : 'verify',
          entity: 'placement_offer',
          entityId: offer.id,
          changes: { via: 'employer', by: link.email, decision: input.decision, ...set },
        });
        const message =
          input.decision === 'deny'
            ? PLACEMENT_MESSAGES.denied
            : corrected
              ? PLACEMENT_MESSAGES.corrected
              : PLACEMENT_MESSAGES.confirmed;
        return { message };
      }),
  };
}
