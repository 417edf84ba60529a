import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../../server/platform/db/migrate.ts';

const MIGRATIONS_DIR = new URL('../../../server/platform/db/', import.meta.url).pathname;
/** Any number, the same in every process of every run: the lock under which a template is made. */
const TEMPLATE_LOCK = 424_242;

/** The migrations' own text: a template made from other migrations has another name. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = [
    path.join(MIGRATIONS_DIR, 'migrate.ts'),
    ...fs
      .readdirSync(path.join(MIGRATIONS_DIR, 'migrations'))
      .sort()
      .map((f) => path.join(MIGRATIONS_DIR, 'migrations', f)),
  ];
  for (const file of files) hash.update(file.slice(MIGRATIONS_DIR.length)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

let known: string | undefined;

/**
 * The name of a PostgreSQL database holding the schema the current migrations make, made once (under an
 * advisory lock, so parallel runs and files wait for one maker; built under a temporary name and renamed
 * when complete, so a crash leaves no half-made template). Each test database is `CREATE DATABASE …
 * TEMPLATE` it: a file copy, not 25 migrations.
 */
export async function migratedTemplate(adminUrl: string): Promise<string> {
  if (known) return known;
  const name = `api_template_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = openDatabase(url.toString(), { poolSize: 1 });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await client.end();
  }
  known = name;
  return name;
}
