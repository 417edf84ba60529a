/**
 * The schema as the migrations leave it, for each dialect (issue 33: "migrations readable from one place"):
 * tables with their columns, indexes and triggers, from a freshly migrated SQLite database and a freshly
 * migrated PostgreSQL database, written to docs/schema.md. tests/api/schema-snapshot.test.ts fails when the
 * file is not current.
 *
 *   npm run schema            (PostgreSQL at DATABASE_URL, else TEST_DATABASE_URL, else the local server)
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, sqliteConnectionOf } from '../server/platform/db/connect.ts';
import { migrateToLatest } from '../server/platform/db/migrate.ts';

export const SCHEMA_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'schema.md');
const LOCAL_POSTGRES = 'postgres://root@127.0.0.1:5432/postgres';
/** Kysely's own bookkeeping, not the app's schema. */
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock']);

type Table = { name: string; columns: string[][]; indexes: string[]; triggers: string[] };

function render(title: string, tables: Table[], functions: string[] = []): string {
  const out = [`## ${title}`, ''];
  for (const table of tables) {
    out.push(`### ${table.name}`, '', '| column | type | null | default |', '|---|---|---|---|');
    for (const [name, type, nullable, fallback] of table.columns)
      out.push(`| ${name} | ${type} | ${nullable} | ${fallback} |`);
    if (table.indexes.length) out.push('', 'Indexes:', '', ...table.indexes.map((i) => `- \`${i}\``));
    if (table.triggers.length) out.push('', 'Triggers:', '', ...table.triggers.flatMap((t) => ['```sql', t, '```']));
    out.push('');
  }
  if (functions.length)
    out.push('### Trigger functions', '', ...functions.flatMap((f) => ['```sql', f.trim(), '```']), '');
  return out.join('\n');
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value).replaceAll('|', '\\|'));
const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** The SQLite section, from a migrated in-memory database. */
export async function sqliteSchema(): Promise<string> {
  const handle = openDatabase('sqlite::memory:');
  try {
    await migrateToLatest(handle.db);
    const sqlite = sqliteConnectionOf(handle.db)!;
    const names = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[];
    const tables = names
      .filter(({ name }) => !SKIP.has(name))
      .map(({ name }): Table => {
        const columns = (
          sqlite.prepare(`PRAGMA table_info("${name}")`).all() as {
            name: string;
            type: string;
            notnull: number;
            dflt_value: unknown;
            pk: number;
          }[]
        ).map((c) => [c.name + (c.pk ? ' (primary key)' : ''), c.type, c.notnull ? 'no' : 'yes', cell(c.dflt_value)]);
        const indexes = (
          sqlite.prepare(`PRAGMA index_list("${name}")`).all() as { name: string; unique: number; origin: string }[]
        )
          .map((index) => {
            const sql = sqlite
              .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
              .get(index.name) as { sql: string | null } | undefined;
            if (sql?.sql) return oneLine(sql.sql);
            const cols = (sqlite.prepare(`PRAGMA index_info("${index.name}")`).all() as { name: string }[]).map(
              (c) => c.name,
            );
            return `${index.unique ? 'UNIQUE ' : ''}(${cols.join(', ')}) from the table's ${index.origin === 'pk' ? 'primary key' : 'constraint'}`;
          })
          .sort();
        const triggers = (
          sqlite
            .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? ORDER BY name")
            .all(name) as {
            sql: string;
          }[]
        ).map((t) => t.sql.trim());
        return { name, columns, indexes, triggers };
      });
    return render('SQLite', tables);
  } finally {
    await handle.close();
  }
}

/** The PostgreSQL section, from a database made for it on the server at `adminUrl` and dropped after. */
export async function postgresSchema(adminUrl: string): Promise<string> {
  const name = `schema_snapshot_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const handle = openDatabase(url.toString(), { poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;
      const names = await q(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      );
      const tables: Table[] = [];
      for (const { name: table } of names as { name: string }[]) {
        if (SKIP.has(table)) continue;
        const columns = (
          await q(
            `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
            [table],
          )
        ).map((c) => [c.column_name, c.data_type, c.is_nullable === 'YES' ? 'yes' : 'no', cell(c.column_default)]);
        const indexes = (
          await q("SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY indexname", [
            table,
          ])
        ).map((i) => oneLine(i.indexdef));
        const triggers = (
          await q(
            `SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relname = $1 AND NOT t.tgisinternal ORDER BY t.tgname`,
            [table],
          )
        ).map((t) => t.def);
        tables.push({ name: table, columns, indexes, triggers });
      }
      // The app's functions (the triggers'), not an extension's (pg_trgm's live in the same schema).
      const functions = (
        await q(
          `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public'
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
           ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`,
        )
      ).map((f) => f.def as string);
      return render('PostgreSQL', tables, functions);
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export const HEADER = `# Database schema

Generated by \`npm run schema\` (scripts/schema-snapshot.ts) from a freshly migrated database of each
dialect: what the migrations in server/platform/db/migrations/ leave, so nobody has to read them all to know
the schema. Do not edit by hand; tests/api/schema-snapshot.test.ts fails when it is not current.
`;

/** The file's section of one dialect (from its "## " heading to the next). */
export function section(text: string, title: string): string {
  const start = text.indexOf(`## ${title}\n`);
  if (start < 0) return '';
  const next = text.indexOf('\n## ', start + 1);
  return text.slice(start, next < 0 ? undefined : next + 1).trimEnd();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || LOCAL_POSTGRES;
  const text = [HEADER, await sqliteSchema(), await postgresSchema(adminUrl)].join('\n');
  fs.writeFileSync(SCHEMA_FILE, text.trimEnd() + '\n');
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
