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

const count = (n: number) => n.toLocaleString('en-US');

export async function ceilings(project: Client, tokens: string[], plan: CeilingPlan): Promise<Row[]> {
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
      await burst(client, all, students, spreadMs, () => ({ path }));
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
  await burst(project, list, students, 10_000, (i) => ({ path: '/classroom/tests/', token: tokens[i] }));
  row(`list: GET /classroom/tests/, every student within 10 s, before the start`, list);
  return rows;
}
