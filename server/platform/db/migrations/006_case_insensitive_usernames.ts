import { sql, type Kysely } from 'kysely';

/**
 * Usernames are unique regardless of case (e-mail addresses already are: users_email_lower), as logins
 * compare them case-insensitively. Existing clashes cannot be merged automatically (they are different
 * people's accounts), so the migration stops and names them; rename one of each pair and start again.
 * Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function findCaseClashes(db: Db): Promise<string[]> {
  const clashes: string[] = [];
  for (const column of ['username', 'email'] as const) {
    const rows = await sql<{ name: string; ids: string }>`
      SELECT lower(${sql.ref(column)}) AS name, count(*) AS n FROM users
      GROUP BY lower(${sql.ref(column)}) HAVING count(*) > 1 ORDER BY 1`.execute(db);
    for (const row of rows.rows) {
      const users = await sql<{ id: number; value: string }>`
        SELECT id, ${sql.ref(column)} AS value FROM users WHERE lower(${sql.ref(column)}) = ${row.name} ORDER BY id`.execute(
        db,
      );
      clashes.push(`${column} "${row.name}": ${users.rows.map((u) => `#${u.id} "${u.value}"`).join(', ')}`);
    }
  }
  return clashes;
}

export async function up(db: Db): Promise<void> {
  const clashes = await findCaseClashes(db);
  if (clashes.length > 0) {
    throw new Error(
      `users that differ only in letter case must be renamed before this upgrade (the server stays on the ` +
        `previous version until then): ${clashes.join('; ')}`,
    );
  }
  await sql`CREATE UNIQUE INDEX users_username_lower ON users (lower(username))`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_username_lower`.execute(db);
}
