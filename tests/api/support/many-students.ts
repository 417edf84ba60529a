import type { Db } from '../../../server/platform/db/connect.ts';

/** `count` students named `<prefix>0`, `<prefix>1`, … (by 400 a statement), in that order: their ids. */
export async function manyStudents(db: Db, prefix: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 400) {
    const rows = Array.from({ length: Math.min(400, count - start) }, (_, i) => ({
      username: `${prefix}${start + i}`,
      email: `${prefix}${start + i}@example.in`,
      first_name: 'Many',
      last_name: 'Member',
      password_hash: 'x',
      role: 'student' as const,
      created_at: '2024-01-01T00:00:00.000Z',
    }));
    ids.push(...(await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}
