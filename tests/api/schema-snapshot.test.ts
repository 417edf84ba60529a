import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { postgresSchema, SCHEMA_FILE, section, sqliteSchema } from '../../scripts/schema-snapshot.ts';

/**
 * docs/schema.md is the schema the migrations leave, per dialect (issue 33): a migration that changes a table,
 * an index or a trigger without `npm run schema` fails here. The PostgreSQL section is checked when the run
 * has a PostgreSQL server (TEST_DATABASE_URL), like the rest of the API suite.
 */
const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');

describe('docs/schema.md is current (run `npm run schema` after a migration)', () => {
  it('the SQLite section is what the migrations make', async () => {
    expect(section(committed, 'SQLite')).toBe((await sqliteSchema()).trimEnd());
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'the PostgreSQL section is what the migrations make',
    async () => {
      expect(section(committed, 'PostgreSQL')).toBe((await postgresSchema(process.env.TEST_DATABASE_URL!)).trimEnd());
    },
    120_000,
  );

  it('the check notices a table the file does not show', () => {
    const stale = committed.replace(/\n### users\n/, '\n### users_renamed\n');
    expect(section(stale, 'SQLite')).not.toBe(section(committed, 'SQLite'));
    expect(section(committed, 'SQLite')).toContain('### users\n');
  });
});
