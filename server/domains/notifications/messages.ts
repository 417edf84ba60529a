import type { AdminMessage, MessageQuery } from '../../../contract/notifications.ts';
import { nameOrErased, type Paginated } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { paginate } from '../../platform/lib/pagination.ts';
import { createMessageRepository } from './repository.ts';

/** "91******3210": the number with all but its last four digits masked (the admin Messages tab). */
export function maskNumber(phone: string | null): string {
  if (!phone) return '';
  return phone.slice(0, 2) + '*'.repeat(Math.max(0, phone.length - 6)) + phone.slice(-4);
}

/** The admin Messages tab: what was sent on which channel, its status and its fallback, newest first. */
export async function adminMessages(db: Db, url: string, query: MessageQuery): Promise<Paginated<AdminMessage>> {
  const repo = createMessageRepository(db);
  const { page, page_size: pageSize } = query;
  const filter = { channel: query.channel, status: query.status };
  const rows = await repo.page(pageSize, (page - 1) * pageSize, filter);
  return paginate(
    url,
    page,
    pageSize,
    await repo.count(filter),
    rows.map((r) => ({
      id: r.id,
      channel: r.channel as AdminMessage['channel'],
      event: r.event,
      student: nameOrErased(r.username, r.email),
      to: r.channel === 'email' ? r.email : maskNumber(r.phone),
      status: r.status,
      error: r.last_error,
      fallback_of: r.fallback_of,
      created_at: r.created_at,
      sent_at: r.sent_at,
    })),
  );
}
