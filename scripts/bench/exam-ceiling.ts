import { burst, Client, paced, Part } from './exam-client.ts';
import type { Row } from './exam-report.ts';
import { startCeiling, stop } from './servers.ts';

/**
 * `npm run bench:exam`'s comparisons in the same run, before the exam: the ceiling (bench/ceiling.mjs, bare
 * node:http answering fixed bytes, as many processes as cores) and the project's GET /api/health/ (no
 * database, no token), each loaded as the starts are (all within the start spread) and then at the saves'
 * pace; then every student lists their tests (GET /classroom/tests/), as they would before starting, which
 * also warms the instances' authenticated paths. An untimed burst first: a freshly started process
 * answers its first thousands of requests slowly while V8 compiles them, and the exam's servers are warm.
 */

export type CeilingPlan = { students: number; spreadMs: number; intervalMs: number; pacedSeconds: number };
/** Runs `run` between two cost marks and keeps them as the phase `name` of `ops` requests (bench-exam.ts). */
export type Measure = (name: string, ops: number, run: () => Promise<void>) => Promise<void>;

const count = (n: number) => n.toLocaleString('en-US');

export async function ceilings(
  project: Client,
  tokens: string[],
  plan: CeilingPlan,
  measure: Measure = (_name, _ops, run) => run(),
): Promise<Row[]> {
  const { students, spreadMs, intervalMs, pacedSeconds } = plan;
  const health = () => ({ path: '/api/health/' });
  await burst(project, new Part(), students, spreadMs, health);
  const rows: Row[] = [];
  const row = (part: string, p: Part) => rows.push({ part, p, target: '–', met: null });
  const bare = await startCeiling('{"status":"ok"}');
  const ceiling = new Client([Number(new URL(bare.base).port)]);
  try {
    for (const [name, client, path] of [
      ['ceiling (bare node:http)', ceiling, '/'],
      ['GET /api/health/', project, '/api/health/'],
    ] as const) {
      const all = new Part();
      const within = () => burst(client, all, students, spreadMs, () => ({ path }));
      // The project's request path without a database or a token: what any request costs before its own work.
      if (client === project)
        await measure(`${name}, ${count(students)} within ${spreadMs / 1000} s`, students, within);
      else await within();
      row(`${name}, ${count(students)} within ${spreadMs / 1000} s`, all);
      const pace = new Part();
      await paced(client, pace, students, intervalMs, pacedSeconds, path);
      row(`${name} at the saves' pace for ${pacedSeconds} s`, pace);
    }
  } finally {
    ceiling.close();
    await stop(bare.child);
  }
  const list = new Part();
  await measure('list: GET /classroom/tests/, every student within 10 s', students, () =>
    burst(project, list, students, 10_000, (i) => ({ path: '/classroom/tests/', token: tokens[i] })),
  );
  row(`list: GET /classroom/tests/, every student within 10 s, before the start`, list);
  return rows;
}
