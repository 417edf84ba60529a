import { afterAll, describe, expect, it } from 'vitest';
import { API, TokenPair } from '../../contract/index.ts';
import { openDatabase } from '../../server/platform/db/connect.ts';
import { startAndCompletePayment } from './support/payment-completion.ts';
import { postJson, serverDatabase, startServerProcess } from './support/server-process.ts';

/**
 * Nothing lost: SIGKILL (no shutdown at all) under concurrent sign-ups and payments; after a restart every
 * completion that was answered 200 is completed, with exactly one enrollment, and the tables agree.
 */

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe('kill -9 under write load', () => {
  it('every completion answered before the kill is durable, with exactly one enrollment', async () => {
    const { url, drop } = await serverDatabase();
    drops.push(drop);
    const env = { DATABASE_URL: url, DEMO_MODE: '1', REGISTER_MAX_PER_ADDRESS: '100000' };
    const first = await startServerProcess(env);
    const programs = (await (await fetch(`${first.base}${API.programs.list}`)).json()) as { id: number }[];
    expect(programs.length).toBeGreaterThan(0);

    const answered: { paymentId: number; username: string; programId: number }[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const username = `crash${w}x${n}`;
        try {
          const signUp = await postJson(first.base, API.register, {
            username,
            email: `${username}@example.in`,
            is_adult: true,
            password: 'long-enough-1',
            first_name: 'Crash',
            last_name: 'Tester',
          });
          if (signUp.status !== 201) continue;
          const { access } = TokenPair.parse(signUp.body);
          const programId = programs[n % programs.length]!.id;
          const { paymentId, completed } = await startAndCompletePayment(first.base, access, programId);
          if (completed) answered.push({ paymentId, username, programId });
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    while (answered.length < 20) await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    stop = true;
    await first.exited;
    await Promise.all(workers);
    expect(answered.length).toBeGreaterThanOrEqual(20);

    // Restart on the same database: it must start (recovery) and be ready.
    const second = await startServerProcess(env);
    drops.unshift(async () => void (await second.stop()));
    const handle = openDatabase(url);
    try {
      for (const { paymentId, username, programId } of answered) {
        const payment = await handle.db
          .selectFrom('payments')
          .innerJoin('users', 'users.id', 'payments.student_id')
          .select(['payments.status', 'payments.student_id'])
          .where('payments.id', '=', paymentId)
          .where('users.username', '=', username)
          .executeTakeFirst();
        expect(payment?.status, `payment ${paymentId}`).toBe('completed');
        const enrollments = await handle.db
          .selectFrom('enrollments')
          .select('id')
          .where('student_id', '=', payment!.student_id)
          .where('course_type', '=', 'program')
          .where('course_id', '=', programId)
          .execute();
        expect(enrollments, `enrollments for payment ${paymentId}`).toHaveLength(1);
      }
      // Consistent: no completed payment without its enrollment anywhere.
      const orphans = await handle.db
        .selectFrom('payments')
        .select('payments.id')
        .where('payments.status', '=', 'completed')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('enrollments')
                .select('enrollments.id')
                .whereRef('enrollments.student_id', '=', 'payments.student_id')
                .whereRef('enrollments.course_id', '=', 'payments.course_id')
                .whereRef('enrollments.course_type', '=', 'payments.course_type'),
            ),
          ),
        )
        .execute();
      expect(orphans).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
