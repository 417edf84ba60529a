/**
 * `npm run create-admin`: creates an administrator on the configured database (DATABASE_URL, as
 * `npm start` reads it), or makes an existing account an active administrator. Asks for what the
 * flags do not give; for scripts:
 *
 *   npm run create-admin -- --username office --email office@example.in --password '…' \
 *     --first-name Office --last-name Admin
 *
 * The password may also come from the ADMIN_PASSWORD environment variable (kept out of shell history).
 * An existing username is promoted; its password changes only when one is given.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { AdminUserInput } from '../contract/index.ts';
import { databaseUrlFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/platform/db/connect.ts';
import { migrateToLatest } from '../server/platform/db/migrate.ts';
import { createUserRepository } from '../server/domains/accounts/repositories/users.ts';
import { createOrPromoteAdmin } from '../server/domains/office/users.ts';

const { values: flags } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});

const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });

async function ask(question: string, options: { secret?: boolean } = {}): Promise<string> {
  if (options.secret && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    const write = output._writeToOutput.bind(rl);
    process.stdout.write(question);
    output._writeToOutput = () => undefined;
    const answer = await rl.question('');
    output._writeToOutput = write;
    process.stdout.write('\n');
    return answer;
  }
  return (await rl.question(question)).trim();
}

/** Checks one field with the Users tab's own rules; answers its message or null. */
function problem(field: 'username' | 'email' | 'password' | 'first_name' | 'last_name', value: string): string | null {
  const result = AdminUserInput.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value.');
}

async function value(
  field: 'username' | 'email' | 'password' | 'first_name' | 'last_name',
  label: string,
  given: string | undefined,
  options: { secret?: boolean; fallback?: string } = {},
): Promise<string> {
  if (given !== undefined) {
    const message = problem(field, given);
    if (message) throw new Error(`${label}: ${message}`);
    return given;
  }
  if (!process.stdin.isTTY && options.fallback !== undefined) return options.fallback;
  for (;;) {
    const answer =
      (await ask(`${label}${options.fallback ? ` [${options.fallback}]` : ''}: `, options)) || options.fallback || '';
    const message = problem(field, answer);
    if (!message) return answer;
    console.log(`  ${message}`);
  }
}

async function main(): Promise<void> {
  const url = databaseUrlFromEnv(process.env.DATABASE_URL);
  const { db, close } = openDatabase(url);
  try {
    await migrateToLatest(db);
    const username = await value('username', 'Username', flags.username);
    const existing = await createUserRepository(db).findByUsername(username);
    let password = flags.password ?? process.env.ADMIN_PASSWORD;
    if (existing) {
      console.log(`"${username}" exists (${existing.role}): it will be made an active administrator.`);
      if (password !== undefined) password = await value('password', 'Password', password);
      const outcome = await createOrPromoteAdmin(db, {
        username,
        email: existing.email,
        first_name: existing.first_name,
        last_name: existing.last_name,
        ...(password ? { password } : {}),
      });
      console.log(
        outcome.outcome === 'unchanged'
          ? `"${username}" is already an active administrator.`
          : `"${username}" is now an active administrator.`,
      );
      return;
    }
    const email = await value('email', 'Email', flags.email);
    const first = await value('first_name', 'First name', flags['first-name'], { fallback: 'Institute' });
    const last = await value('last_name', 'Last name', flags['last-name'], { fallback: 'Admin' });
    password = await value('password', 'Password (8 characters or more)', password, { secret: true });
    await createOrPromoteAdmin(db, { username, email, password, first_name: first, last_name: last });
    console.log(`Administrator "${username}" created. Log in at /login.`);
  } finally {
    rl.close();
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(`create-admin: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
