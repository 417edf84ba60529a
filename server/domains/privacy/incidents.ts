import type { Incident, IncidentInput } from '../../../contract/privacy.ts';
import { formatIstDateTime } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { IncidentsTable } from '../../platform/db/schema.ts';
import type { PrivacyConfig } from './config.ts';
import type { Selectable } from 'kysely';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { compose, type MailContext } from '../accounts/index.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createIncidentRepository } from './repositories/privacy-requests.ts';

/** The Data Protection Board's detailed report is due this long after the institute became aware. */
const BOARD_REPORT_HOURS = 72;

export const toIncident = (row: Selectable<IncidentsTable>): Incident => ({
  id: row.id,
  aware_at: row.aware_at,
  data_categories: row.data_categories,
  people_affected: Number(row.people_affected),
  description: row.description,
  notice_text: row.notice_text,
  board_report_due_at: new Date(Date.parse(row.aware_at) + BOARD_REPORT_HOURS * 3_600_000).toISOString(),
  notified_at: row.notified_at,
  notified_count: Number(row.notified_count),
  created_at: row.created_at,
});

/** The admin Privacy tab's breach incidents. */
export const listIncidents = async (db: Db): Promise<Incident[]> =>
  (await createIncidentRepository(db).list()).map(toIncident);

export async function recordIncident(db: Db, adminId: number, input: IncidentInput): Promise<Incident> {
  return db.transaction().execute(async (trx) => {
    const incidents = createIncidentRepository(trx);
    const id = await incidents.create({
      aware_at: new Date(input.aware_at).toISOString(),
      data_categories: input.data_categories,
      people_affected: input.people_affected,
      description: input.description,
      notice_text: input.notice_text ?? '',
      affected_emails: JSON.stringify(input.affected_emails ?? []),
      notified_at: null,
      created_by: adminId,
      created_at: new Date().toISOString(),
    });
    await createAuditRepository(trx).record({
      actorId: adminId,
      action: 'incident_recorded',
      entity: 'incident',
      entityId: id,
      changes: { aware_at: input.aware_at, people_affected: input.people_affected },
    });
    return toIncident((await incidents.find(id))!);
  });
}

/**
 * The notice to the affected people, once, through the outbox (one email per person, so no one sees
 * another's address): the incident's addresses, or every active account when it names none. It says what
 * happened and when, what personal data, what the institute is doing and what the person can do (the
 * administrator's notice text), and whom to ask: the grievance officer (DPDP Rules 2025, rule 7(1)).
 */
export async function notifyAffected(
  db: Db,
  ctx: MailContext & { officer: PrivacyConfig['grievanceOfficer'] },
  adminId: number,
  id: number,
): Promise<Incident> {
  return db.transaction().execute(async (trx) => {
    const incidents = createIncidentRepository(trx);
    const row = await incidents.find(id);
    if (!row) throw notFound();
    if (!row.notice_text)
      throw new BusinessError('Write the notice text first (what happened, what it means, what to do).');
    const named = JSON.parse(row.affected_emails) as string[];
    const to = [...new Set(named.length > 0 ? named : await incidents.activeEmails())];
    if (!(await incidents.markNotified(id, to.length)))
      throw new BusinessError('The affected people were already notified.');
    for (const address of to) {
      await enqueueEmail(trx, {
        template: 'breach_notice',
        to: [address],
        ...compose(ctx, 'Important: a personal data breach that may affect you', 'Dear student,', [
          `What happened: ${row.description} We became aware of it on ${formatIstDateTime(row.aware_at)}.`,
          `What personal data was affected: ${row.data_categories}.`,
          `What we are doing, and what you can do: ${row.notice_text}`,
          `Questions: write to our grievance officer, ${ctx.officer.name}, at ${ctx.officer.email} or call ${ctx.officer.phone} (${ctx.publicUrl}/grievance).`,
        ]),
      });
    }
    await createAuditRepository(trx).record({
      actorId: adminId,
      action: 'incident_notified',
      entity: 'incident',
      entityId: id,
      changes: { recipients: to.length },
    });
    return toIncident((await incidents.find(id))!);
  });
}
