import type { z } from 'zod';
import {
  EmployerInput,
  EmployerPatch,
  PLACEMENT_MESSAGES,
  type Employer,
  type HrContact,
  type Offer,
  type OfficeOfferInput,
  type StudentOfferInput,
} from '../../../contract/placement.ts';
import { istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/lib/db-errors.ts';
import { diff } from '../../platform/lib/diff.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import type { FileStore } from '../../platform/files/store.ts';
import { toOffer, type Audience } from './answers.ts';
import { keepPdf, type PdfUpload } from './documents.ts';
import { placementRepository } from './repository.ts';
import type { EmployerRow } from './tables.ts';

/**
 * The placement cell's record (decision record 070): employers and offers. Every write is audited in its
 * transaction; an offer counts in a figure only once verified (confirmations.ts, figures-service.ts).
 */

const nameKey = (name: string) => name.trim().toLowerCase();

export function toEmployer(row: EmployerRow, verifiedOffers: number): Employer {
  const isPartner = row.is_partner === 1;
  return {
    id: row.id,
    name: row.name,
    sector: row.sector,
    website: row.website,
    hr_contacts: JSON.parse(row.hr_contacts) as HrContact[],
    is_partner: isPartner,
    partner_reason: row.partner_reason,
    verified_offers: verifiedOffers,
    is_hiring_partner: verifiedOffers > 0 || isPartner,
  };
}

const keepNone = { stored: null, name: null, size: null };

function refuseBadPartner(isPartner: boolean, reason: string): void {
  if (isPartner && reason.trim().length < 10) throw new BusinessError(PLACEMENT_MESSAGES.partnerReason);
}

function checkDates(input: { offer_date: string; joining_date?: string | null }): void {
  if (input.offer_date > istToday()) throw new BusinessError(PLACEMENT_MESSAGES.offerDate);
  if (input.joining_date && input.joining_date < input.offer_date) {
    throw new BusinessError(PLACEMENT_MESSAGES.joiningDate);
  }
}

export function createPlacementService(db: Db, letters: FileStore) {
  async function employerView(trx: Db, id: number): Promise<Employer> {
    const repo = placementRepository(trx);
    const row = await repo.employer(id);
    if (!row) throw notFound();
    const counts = await repo.verifiedOffersByEmployer();
    return toEmployer(row, Number(counts.find((c) => c.employer_id === id)?.n ?? 0));
  }

  async function offerView(trx: Db, id: number, audience: Audience = 'office'): Promise<Offer> {
    const row = await placementRepository(trx).offer(id);
    if (!row) throw notFound();
    return toOffer(row, audience);
  }

  /** The employer an offer names: by id, or by name (made on the spot as sector "other" when new). */
  async function employerFor(trx: Db, input: { employer?: number; employer_name?: string }): Promise<number> {
    const repo = placementRepository(trx);
    if (input.employer !== undefined) {
      if (!(await repo.employer(input.employer))) throw new BusinessError(PLACEMENT_MESSAGES.unknownEmployer);
      return input.employer;
    }
    const name = input.employer_name?.trim();
    if (!name) throw new BusinessError(PLACEMENT_MESSAGES.unknownEmployer);
    const known = await repo.employerByKey(nameKey(name));
    if (known) return known.id;
    const now = nowIso();
    const { id } = await repo.insertEmployer({
      name,
      name_key: nameKey(name),
      sector: 'other',
      website: '',
      hr_contacts: '[]',
      is_partner: 0,
      partner_reason: '',
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  async function insertOffer(
    trx: Db,
    actor: UserRow,
    studentId: number,
    input: z.output<typeof StudentOfferInput>,
    letter: { stored: string | null; name: string | null; size: number | null } = keepNone,
  ): Promise<Offer> {
    checkDates(input);
    if (!(await placementRepository(trx).enrollmentInBatch(studentId, input.batch))) {
      throw new BusinessError(PLACEMENT_MESSAGES.notEnrolled);
    }
    const now = nowIso();
    const { id } = await placementRepository(trx).insertOffer({
      student_id: studentId,
      batch_id: input.batch,
      employer_id: await employerFor(trx, input),
      designation: input.designation,
      annual_ctc: input.annual_ctc,
      offer_date: input.offer_date,
      joining_date: input.joining_date ?? null,
      verified_via: null,
      verified_at: null,
      verified_by: null,
      reported_by: actor.id,
      offer_letter: letter.stored,
      offer_letter_name: letter.name,
      offer_letter_size: letter.size,
      created_at: now,
      updated_at: now,
    });
    await createAuditRepository(trx).record({
      actorId: actor.id,
      action: 'create',
      entity: 'placement_offer',
      entityId: id,
      changes: {
        status: 'claimed',
        batch: input.batch,
        employer: input.employer ?? input.employer_name,
        offer_letter: letter.stored,
      },
    });
    return offerView(trx, id, actor.id === studentId ? 'student' : 'office');
  }

  /** A new offer with its letter, if any: the file saved first, removed again when the offer is not written. */
  async function offerWithLetter(
    actor: UserRow,
    studentId: number,
    input: z.output<typeof StudentOfferInput>,
    letter: PdfUpload | null,
  ): Promise<Offer> {
    const kept = await keepPdf(letters, letter);
    try {
      return await inTransaction(db, (trx) => insertOffer(trx, actor, studentId, input, kept));
    } catch (error) {
      await letters.remove(kept.stored);
      throw error;
    }
  }

  return {
    async employers(): Promise<Employer[]> {
      const repo = placementRepository(db);
      const counts = new Map((await repo.verifiedOffersByEmployer()).map((c) => [c.employer_id, Number(c.n)]));
      return (await repo.employers()).map((row) => toEmployer(row, counts.get(row.id) ?? 0));
    },

    async createEmployer(actor: UserRow, input: z.output<typeof EmployerInput>): Promise<Employer> {
      refuseBadPartner(input.is_partner, input.partner_reason);
      try {
        return await inTransaction(db, async (trx) => {
          const now = nowIso();
          const { id } = await placementRepository(trx).insertEmployer({
            name: input.name,
            name_key: nameKey(input.name),
            sector: input.sector,
            website: input.website,
            hr_contacts: JSON.stringify(input.hr_contacts),
            is_partner: input.is_partner ? 1 : 0,
            partner_reason: input.partner_reason,
            created_at: now,
            updated_at: now,
          });
          await createAuditRepository(trx).record({
            actorId: actor.id,
            action: 'create',
            entity: 'employer',
            entityId: id,
            changes: { name: input.name, is_partner: input.is_partner, partner_reason: input.partner_reason },
          });
          return employerView(trx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new BusinessError(PLACEMENT_MESSAGES.employerTaken);
        throw error;
      }
    },

    async updateEmployer(actor: UserRow, id: number, patch: z.output<typeof EmployerPatch>): Promise<Employer> {
      try {
        return await inTransaction(db, async (trx) => {
          const repo = placementRepository(trx);
          const before = await repo.employer(id);
          if (!before) throw notFound();
          const isPartner = patch.is_partner ?? before.is_partner === 1;
          refuseBadPartner(isPartner, patch.partner_reason ?? before.partner_reason);
          const set = {
            ...(patch.name !== undefined ? { name: patch.name, name_key: nameKey(patch.name) } : {}),
            ...(patch.sector !== undefined ? { sector: patch.sector } : {}),
            ...(patch.website !== undefined ? { website: patch.website } : {}),
            ...(patch.hr_contacts !== undefined ? { hr_contacts: JSON.stringify(patch.hr_contacts) } : {}),
            ...(patch.is_partner !== undefined ? { is_partner: patch.is_partner ? 1 : 0 } : {}),
            ...(patch.partner_reason !== undefined ? { partner_reason: patch.partner_reason } : {}),
          };
          await repo.updateEmployer(id, { ...set, updated_at: nowIso() });
          await createAuditRepository(trx).record({
            actorId: actor.id,
            action: 'update',
            entity: 'employer',
            entityId: id,
            changes: diff(before, set),
          });
          return employerView(trx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new BusinessError(PLACEMENT_MESSAGES.employerTaken);
        throw error;
      }
    },

    deleteEmployer: (actor: UserRow, id: number): Promise<void> =>
      inTransaction(db, async (trx) => {
        const repo = placementRepository(trx);
        const before = await repo.employer(id);
        if (!before) throw notFound();
        if (Number((await repo.offersOfEmployer(id)).n) > 0) throw new BusinessError(PLACEMENT_MESSAGES.employerInUse);
        await repo.deleteEmployer(id);
        await createAuditRepository(trx).record({
          actorId: actor.id,
          action: 'delete',
          entity: 'employer',
          entityId: id,
          changes: { name: before.name },
        });
      }),

    async offers(filters: { status?: string }): Promise<Offer[]> {
      return (await placementRepository(db).offers(filters)).map((row) => toOffer(row, 'office'));
    },
    offer: (id: number) => offerView(db, id),
    async studentOffers(student: UserRow): Promise<Offer[]> {
      return (await placementRepository(db).offers({ student: student.id })).map((row) => toOffer(row, 'student'));
    },
    /** The student reports an offer, with its letter when they have it. */
    reportOffer: (student: UserRow, input: z.output<typeof StudentOfferInput>, letter: PdfUpload | null) =>
      offerWithLetter(student, student.id, input, letter),
    /** The office records an offer for a student, with its letter when it has one. */
    recordOffer: (admin: UserRow, input: z.output<typeof OfficeOfferInput>, letter: PdfUpload | null) =>
      offerWithLetter(admin, input.student, input, letter),

    /** An administrator's decision on a claimed offer, after reading the offer letter (step-up; audited). */
    decide: (admin: UserRow, id: number, status: 'verified' | 'rejected', note: string): Promise<Offer> =>
      inTransaction(db, async (trx) => {
        const now = nowIso();
        const decided = await placementRepository(trx).decideOffer(id, {
          status,
          verified_via: status === 'verified' ? 'document' : null,
          verified_at: status === 'verified' ? now : null,
          verified_by: admin.id,
          decision_note: note,
          updated_at: now,
        });
        if (!decided) {
          await offerView(trx, id);
          throw new BusinessError(PLACEMENT_MESSAGES.notClaimed);
        }
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: status === 'verified' ? 'verify' : 'reject',
          entity: 'placement_offer',
          entityId: id,
          changes: { status: { from: 'claimed', to: status }, via: 'document', note },
        });
        return offerView(trx, id);
      }),
  };
}
