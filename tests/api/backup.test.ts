import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, TokenPair } from '../../contract/index.ts';
import { openDatabase } from '../../server/platform/db/connect.ts';
import { startAndCompletePayment } from './support/payment-completion.ts';
import { postJson, ROOT, serverDatabase, startServerProcess } from './support/server-process.ts';

/** npm run backup / restore while the server writes: the restored copy has every earlier completion. */

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

function npmScript(script: 'backup' | 'restore', file: string, databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${script} failed: ${output}`))));
  });
}

describe('npm run backup / npm run restore', () => {
  it('a backup taken during a write load restores every payment completed before it began', async () => {
    const source = await serverDatabase();
    drops.push(source.drop);
    const server = await startServerProcess({
      DATABASE_URL: source.url,
      DEMO_MODE: '1',
      REGISTER_MAX_PER_ADDRESS: '100000',
    });
    drops.unshift(async () => void (await server.stop()));
    const programs = (await (await fetch(`${server.base}${API.programs.list}`)).json()) as { id: number }[];

    const completed: number[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const username = `bk${w}x${n}`;
        const signUp = await postJson(server.base, API.register, {
          username,
          email: `${username}@example.in`,
          is_adult: true,
          password: 'long-enough-1',
          first_name: 'Backup',
          last_name: 'Tester',
        });
        if (signUp.status !== 201) continue;
        const { access } = TokenPair.parse(signUp.body);
        const result = await startAndCompletePayment(server.base, access, programs[n % programs.length]!.id);
        if (result.completed) completed.push(result.paymentId);
      }
    };
    const workers = Array.from({ length: 4 }, (_, w) => worker(w));
    while (completed.length < 10) await new Promise((r) => setTimeout(r, 50));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
    drops.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.backup');
    const beforeBackup = [...completed];
    await npmScript('backup', file, source.url); // the load keeps writing meanwhile
    const duringBackup = completed.length;
    stop = true;
    await Promise.all(workers);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    const target = await serverDatabase();
    drops.push(target.drop);
    await npmScript('restore', file, target.url);
    const handle = openDatabase(target.url);
    try {
      const rows = await handle.db
        .selectFrom('payments')
        .select(['id', 'status'])
        .where('id', 'in', beforeBackup)
        .execute();
      expect(rows).toHaveLength(beforeBackup.length);
      expect(rows.every((r) => r.status === 'completed')).toBe(true);
      expect(duringBackup).toBeGreaterThanOrEqual(beforeBackup.length);
    } finally {
      await handle.close();
    }
    // The restored database serves: a server starts on it and is ready.
    const restored = await startServerProcess({ DATABASE_URL: target.url, DEMO_MODE: '0' });
    await restored.stop();
    // Restoring over a database that has data is refused.
    await expect(npmScript('restore', file, target.url)).rejects.toThrow(/restore failed|exists|already/);
  }, 180_000);
});
