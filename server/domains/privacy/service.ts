import type { PrivacyRequest, PrivacyRequestAction } from '../../../contract/privacy.ts';
import type { Db } from '../../platform/db/connect.ts';
import { removeStored, type StoredFile } from '../../platform/files/store.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';
import { BusinessError, HttpError, notFound, rateLimited } from '../../platform/lib/errors.ts';
import { verifyPassword } from '../../platform/lib/passwords.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { compose, findUserById, type MailContext } from '../accounts/index.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { buildDataExport } from './data-export.ts';
import { createPersonalDataRepository } from './repositories/personal-data.ts';
import { createPrivacyRequestRepository } from './repositories/privacy-requests.ts';

/** Consents given item by item (a success story's name, photo, company and CTC: decision record 079). */
export { itemConsentStates, itemPurpose, recordItemConsents } from './item-consents.ts';

const DAY_MS = 86_400_000;

export const PRIVACY_MESSAGES = {
  wrongPassword: 'That password is not right. Enter the password you log in with.',
  alreadyOpen: 'You already have an erasure request in progress; we will email you when it is done.',
  adminErasure: 'An administrator account cannot be erased this way: ask another administrator to deactivate it first.',
  wrongState: (status: string) => `This request is ${status}; it cannot move that way.`,
} as const;

/**
 * The second factor hook: an erasure request is confirmed by the password now; once accounts have a second
 * factor, a valid code (or a passkey assertion) will be accepted here as well, in this one function.
 */
export async function confirmIdentity(user: { password_hash: string }, proof: { password: string }): Promise<boolean> {
  return verifyPassword(proof.password, user.password_hash);
}

type RequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createPrivacyRequestRepository>['find']>>>;
export const toPrivacyRequest = (row: RequestRow): PrivacyRequest => ({
  id: row.id,
  user_id: row.user_id,
  username: row.username ?? '',
  kind: row.kind,
  status: row.status,
  reason: row.reason,
  refusal_reason: row.refusal_reason,
  received_at: row.received_at,
  due_at: row.due_at,
  closed_at: row.closed_at,
});

/**
 * Counts one more of an account's requests under `key` (the login limiter's mechanism: decision 030),
 * or answers 429. Every attempt counts, a refused one too (an erasure request with a wrong password
 * must not become a way to try passwords).
 */
async function countOrRefuse(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const attempt = await createRateLimiter(db).attempt([{ key, max, windowSeconds }], [key]);
  if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
}

/** The person's data export, a zip: costly to build, so at most `maxPerHour` per account (decision 065). */
export async function exportOwnData(db: Db, user: { id: number }, maxPerHour: number): Promise<Uint8Array> {
  await countOrRefuse(db, `export:user:${user.id}`, maxPerHour, 3600);
  return buildDataExport(db, user);
}

/** The person's erasure request, at most `maxPerDay` attempts per account (requestErasure below). */
export async function askForErasure(
  db: Db,
  user: { id: number; role: string; password_hash: string },
  input: { password: string; reason?: string },
  limits: { maxPerDay: number; dueDays: number },
): Promise<PrivacyRequest> {
  await countOrRefuse(db, `erasure:user:${user.id}`, limits.maxPerDay, 86_400);
  return requestErasure(db, user, input, limits.dueDays);
}

/** The admin Privacy tab's requests, oldest first. */
export const listRequests = async (db: Db): Promise<PrivacyRequest[]> =>
  (await createPrivacyRequestRepository(db).list()).map(toPrivacyRequest);

/**
 * An administrator moves a request on (actOnRequest below); an erasure let go of the person's submissions,
 * résumés and offer letters: the files go once it committed.
 */
export async function handleRequest(
  db: Db,
  { ctx, uploadDir }: { ctx: MailContext; uploadDir: string },
  adminId: number,
  id: number,
  action: PrivacyRequestAction,
): Promise<PrivacyRequest> {
  const { request, files } = await actOnRequest(db, ctx, adminId, id, action);
  await removeStored(uploadDir, files);
  return request;
}

/** The student's erasure request: password again, one open request at a time, due `dueDays` after receipt. */
export async function requestErasure(
  db: Db,
  user: { id: number; role: string; password_hash: string },
  input: { password: string; reason?: string },
  dueDays: number,
  now = new Date(),
): Promise<PrivacyRequest> {
  if (!(await confirmIdentity(user, input))) throw new HttpError(403, PRIVACY_MESSAGES.wrongPassword);
  if (user.role === 'admin') throw new BusinessError(PRIVACY_MESSAGES.adminErasure);
  return db.transaction().execute(async (trx) => {
    const requests = createPrivacyRequestRepository(trx);
    if (await requests.openFor(user.id)) throw new BusinessError(PRIVACY_MESSAGES.alreadyOpen);
    const id = await requests.create({
      user_id: user.id,
      kind: 'erasure',
      status: 'received',
      reason: input.reason ?? '',
      refusal_reason: '',
      received_at: now.toISOString(),
      due_at: new Date(now.getTime() + dueDays * DAY_MS).toISOString(),
      verified_at: null,
      closed_at: null,
      handled_by: null,
    });
    await createAuditRepository(trx).record({
      actorId: user.id,
      action: 'privacy_request',
      entity: 'privacy_request',
      entityId: id,
      changes: { kind: 'erasure', status: 'received' },
    });
    return toPrivacyRequest((await requests.find(id))!);
  });
}

/** Which state each action leaves from. */
const FROM: Record<PrivacyRequestAction['action'], readonly string[]> = {
  verify: ['received'],
  complete: ['verified'],
  refuse: ['received', 'verified'],
};

/**
 * An administrator moves a request on, in one transaction with its consequences and its audit row:
 * verify; complete (the erasure itself, then the person is told at the address they had); refuse with a
 * reason (the person is told it).
 */
export async function actOnRequest(
  db: Db,
  ctx: MailContext,
  adminId: number,
  id: number,
  action: PrivacyRequestAction,
): Promise<{ request: PrivacyRequest; files: StoredFile[] }> {
  return db.transaction().execute(async (trx) => {
    let files: StoredFile[] = [];
    const requests = createPrivacyRequestRepository(trx);
    const row = await requests.find(id);
    if (!row) throw notFound();
    if (!FROM[action.action].includes(row.status)) throw new BusinessError(PRIVACY_MESSAGES.wrongState(row.status));
    const now = new Date().toISOString();
    const status = action.action === 'verify' ? 'verified' : action.action === 'complete' ? 'done' : 'refused';
    const moved = await requests.move(id, row.status, {
      status,
      handled_by: adminId,
      ...(action.action === 'verify' ? { verified_at: now } : { closed_at: now }),
      ...(action.action === 'refuse' ? { refusal_reason: action.reason } : {}),
    });
    if (!moved) throw new BusinessError(PRIVACY_MESSAGES.wrongState('already being handled'));
    const user = row.user_id === null ? undefined : await findUserById(trx, row.user_id);
    if (user && action.action !== 'verify') {
      const done = action.action === 'complete';
      // Erased first: the erasure empties every email to the old address, so the notice is written after.
      if (done) ({ files } = await createPersonalDataRepository(trx).erase(user.id));
      await enqueueEmail(trx, {
        template: done ? 'erasure_done' : 'erasure_refused',
        to: [user.email],
        ...compose(
          ctx,
          done ? 'Your data has been erased' : 'About your erasure request',
          `Dear ${user.first_name || user.username},`,
          [
            done
              ? 'As you asked, we have erased your personal data: your name, email and phone are replaced, your password and every login are ended, and counseling notes, assignment submissions, résumés and offer letters are deleted. Invoices and credit notes stay, as GST law requires. This is the last email we send to this address.'
              : `We cannot erase your data yet, for this reason: ${action.action === 'refuse' ? action.reason : ''}`,
            'If you disagree, write to our grievance officer; you may then complain to the Data Protection Board of India.',
          ],
        ),
      });
    }
    await createAuditRepository(trx).record({
      actorId: adminId,
      action: `privacy_request_${action.action}`,
      entity: 'privacy_request',
      entityId: id,
      changes: { status: [row.status, status], ...(action.action === 'refuse' ? { reason: action.reason } : {}) },
    });
    return { request: toPrivacyRequest((await requests.find(id))!), files };
  });
}
