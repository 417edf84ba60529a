import pg from 'pg';
import type { Acked } from './exam-students.ts';
import { sleep } from './exam-client.ts';

/**
 * `npm run bench:exam`'s checks against the database: every acknowledged save is kept (the highest
 * acknowledged seq of each attempt and question, with its answer, in `attempt_answers` and in the kept
 * result), and the time from the test's close until every attempt's kept result has its rank, percentile and
 * section scores.
 */

/**
 * `lost`: acknowledged saves not kept as acknowledged; `lostInResults`: of those of attempts with a kept
 * result, the ones the result does not carry; `unscored`: attempts with acknowledged saves but no kept result.
 */
export type Loss = { checked: number; lost: number; lostInResults: number; unscored: number; examples: string[] };

export async function lostAnswers(url: string, testId: number, acked: Map<string, Acked>): Promise<Loss> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: kept } = await client.query<{
      attempt_id: number;
      question_id: number;
      answer: string | null;
      seq: number;
      marked_for_review: number;
    }>(
      `SELECT aa.attempt_id, aa.question_id, aa.answer, aa.seq, aa.marked_for_review
       FROM attempt_answers aa JOIN attempts a ON a.id = aa.attempt_id WHERE a.test_id = $1`,
      [testId],
    );
    const { rows: results } = await client.query<{ attempt_id: number; questions: string }>(
      `SELECT attempt_id, questions FROM attempt_results WHERE test_id = $1`,
      [testId],
    );
    const stored = new Map(kept.map((r) => [`${r.attempt_id}:${r.question_id}`, r]));
    const scored = new Map<string, string>();
    for (const r of results) {
      for (const q of JSON.parse(r.questions) as { question: number; answer: unknown }[]) {
        scored.set(`${r.attempt_id}:${q.question}`, JSON.stringify(q.answer));
      }
    }
    const loss: Loss = { checked: acked.size, lost: 0, lostInResults: 0, unscored: 0, examples: [] };
    const withResult = new Set(results.map((r) => r.attempt_id));
    const unscored = new Set<string>();
    for (const [key, a] of acked) {
      const row = stored.get(key);
      const answer = JSON.stringify(a.answer);
      if (!row || row.seq !== a.seq || row.answer !== answer || row.marked_for_review !== (a.marked ? 1 : 0)) {
        loss.lost += 1;
        if (loss.examples.length < 5)
          loss.examples.push(
            `${key}: acknowledged seq ${a.seq} ${answer}, kept ${row ? `${row.seq} ${row.answer}` : 'nothing'}`,
          );
      }
      const attempt = key.slice(0, key.indexOf(':'));
      if (!withResult.has(Number(attempt))) unscored.add(attempt);
      else if (scored.get(key) !== answer) loss.lostInResults += 1;
    }
    loss.unscored = unscored.size;
    return loss;
  } finally {
    await client.end();
  }
}

export type Readiness = { seconds: number; ranked: number; withSections: number; computedAt: string | null };

/**
 * Polls until `expected` kept results of the test have rank, percentile and candidates (or `limitMs` after
 * the close), then checks each has its section scores. `seconds`: from the close to the last one ready.
 */
export async function resultsReady(
  url: string,
  testId: number,
  closesAt: number,
  expected: number,
  limitMs = 300_000,
): Promise<Readiness> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let ranked = 0;
    // From the close, or from now when the students finished after it.
    const deadline = Math.max(closesAt, Date.now()) + limitMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ ranked: string }>(
        `SELECT count(*) AS ranked FROM attempt_results
         WHERE test_id = $1 AND rank IS NOT NULL AND percentile IS NOT NULL AND candidates IS NOT NULL`,
        [testId],
      );
      ranked = Number(rows[0]!.ranked);
      if (ranked >= expected) break;
      await sleep(200);
    }
    const readyAt = Date.now();
    const { rows } = await client.query<{ sections: string }>(
      `SELECT sections FROM attempt_results WHERE test_id = $1 AND rank IS NOT NULL`,
      [testId],
    );
    const withSections = rows.filter((r) => (JSON.parse(r.sections) as unknown[]).length === 2).length;
    const test = await client.query<{ results_computed_at: string | null }>(
      `SELECT results_computed_at FROM tests WHERE id = $1`,
      [testId],
    );
    return {
      seconds: ranked >= expected ? (readyAt - closesAt) / 1000 : NaN,
      ranked,
      withSections,
      computedAt: test.rows[0]?.results_computed_at ?? null,
    };
  } finally {
    await client.end();
  }
}
