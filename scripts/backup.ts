/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` for the database DATABASE_URL names.
 *
 * SQLite: SQLite's online backup API (better-sqlite3's backup()), consistent and safe while the server
 * writes; the backup is itself a SQLite file. Restore copies it into place and refuses a database that
 * already has data (stop the server first; move the old file away to restore over it).
 * PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, the server keeps running) and
 * `pg_restore` into an empty database.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseUrlFromEnv } from '../server/config.ts';
import { dialectOf } from '../server/platform/db/connect.ts';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} exited with ${result.status}`);
}

function sqliteFile(url: string): string {
  const file = url.replace(/^sqlite:/, '');
  if (file === ':memory:') throw new Error('An in-memory database cannot be backed up or restored.');
  return path.resolve(file);
}

export async function backup(url: string, target: string): Promise<void> {
  if (fs.existsSync(target)) throw new Error(`${target} exists; choose a new file name.`);
  if (dialectOf(url) === 'postgres') {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${url}`]);
    return;
  }
  const source = new SQLite(sqliteFile(url), { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
}

export async function restore(url: string, source: string): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist.`);
  if (dialectOf(url) === 'postgres') {
    run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${url}`, source]);
    return;
  }
  const file = sqliteFile(url);
  if (fs.existsSync(file) && fs.statSync(file).size > 0) {
    throw new Error(`${file} already exists: stop the server and move it away before restoring into its place.`);
  }
  // Checks the backup is a whole SQLite database before putting it in place.
  const check = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const ok = check.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new Error(`${source} is damaged: ${String(ok)}`);
  } finally {
    check.close();
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(source, file);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, file] = process.argv.slice(2);
  const url = databaseUrlFromEnv(process.env.DATABASE_URL);
  if ((mode !== 'backup' && mode !== 'restore') || !file) {
    console.error('usage: npm run backup -- FILE | npm run restore -- FILE   (DATABASE_URL names the database)');
    process.exit(2);
  }
  (mode === 'backup' ? backup(url, path.resolve(file)) : restore(url, path.resolve(file))).then(
    () => console.log(`${mode === 'backup' ? 'Backed up to' : 'Restored from'} ${path.resolve(file)}`),
    (error: unknown) => {
      console.error(`${mode} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
