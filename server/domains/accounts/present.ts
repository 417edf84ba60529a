import type { User } from '../../../contract/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/** An account as the API answers it. */

export function toUser(row: UserRow): User {
  const role = row.role ?? 'student';
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    email_verified: Boolean(row.email_verified_at),
    first_name: row.first_name,
    last_name: row.last_name,
    profile: { role, is_admin: role === 'admin', is_instructor: role === 'instructor', is_student: role === 'student' },
  };
}
