import { randomInt } from 'node:crypto';
import type { AttemptView, GivenAnswer, StudentQuestion } from '../../contract/assessments.ts';
import { Part, until, type Client } from './exam-client.ts';

/**
 * `npm run bench:exam`'s virtual students, in three phases: each starts the test at its moment of the start
 * second; once every start is answered, each saves `answers` answers one every `intervalMs` (at a phase of
 * its own, so the saves of all are spread evenly), each save waiting for the previous one's acknowledgement
 * as the exam screen's queue does; once every save is answered, each submits at its moment of a second.
 * Every acknowledged save is recorded (attempt, question, seq, answer) to be checked against the database.
 */

export type Acked = { seq: number; answer: GivenAnswer; marked: boolean };
export type Plan = { testId: number; answers: number; intervalMs: number; startAt: number; spreadMs: number };
type Student = { id: number; token: string };

export const PARTS = ['start', 'save', 'submit'] as const;

/** Resolves once `count` have arrived; `at` is when. */
class Barrier {
  private arrived = 0;
  at = 0;
  private release: () => void = () => undefined;
  readonly done = new Promise<void>((resolve) => (this.release = resolve));
  constructor(private readonly count: number) {}
  arrive(): Promise<void> {
    if (++this.arrived === this.count) {
      this.at = Date.now();
      this.release();
    }
    return this.done;
  }
}
/** A plausible answer to a question (whatever its key): an option, some options, or a number. */
function answerTo(q: StudentQuestion): GivenAnswer {
  if (q.kind === 'numeric') return randomInt(0, 200);
  const ids = q.options.map((o) => o.id);
  if (q.kind !== 'multiple') return [ids[randomInt(ids.length)]!];
  const chosen = ids.filter(() => randomInt(2) === 1);
  return chosen.length ? chosen : [ids[0]!];
}

export class Students {
  readonly parts = Object.fromEntries(PARTS.map((p) => [p, new Part()])) as Record<(typeof PARTS)[number], Part>;
  /** The highest acknowledged save per `attempt:question`. */
  readonly acked = new Map<string, Acked>();
  ackedSaves = 0;
  /** Saves never sent: the time was up before their turn. */
  unsent = 0;
  /** One start's answer as the project wrote it (for the floor of a start, scripts/bench/exam-floor.ts). */
  startBody = '';
  /** Each student's attempt (by index), null when its start failed. */
  readonly attemptIds: (number | null)[];
  /** Every start answered, every save answered, every submit answered. */
  readonly started: Barrier;
  readonly saved: Barrier;
  readonly submitted: Barrier;

  constructor(
    private readonly client: Client,
    private readonly plan: Plan,
    private readonly students: Student[],
  ) {
    this.started = new Barrier(students.length);
    this.saved = new Barrier(students.length);
    this.submitted = new Barrier(students.length);
    this.attemptIds = students.map(() => null);
  }

  private async saves(home: number, token: string, attempt: AttemptView): Promise<void> {
    const { answers, intervalMs } = this.plan;
    const questions = attempt.sections.flatMap((s) => s.questions);
    const base = Date.now() + randomInt(intervalMs);
    for (let k = 0; k < answers; k++) {
      await until(base + k * intervalMs);
      const q = questions[k % questions.length]!;
      const body = {
        answer: answerTo(q),
        marked_for_review: randomInt(10) === 0,
        seq: k + 1,
        time_spent_seconds: Math.round((intervalMs * (1 + Math.floor(k / questions.length))) / 1000),
      };
      const path = `/classroom/attempts/${attempt.id}/answers/${q.id}/`;
      const saved = await this.client.call(this.parts.save, home, 'PUT', path, { token, body, expected: [200, 409] });
      if (saved?.status === 409) {
        // Time is up (or submitted): the exam screen stops saving and submits; the rest are never sent.
        this.parts.save.error(409);
        this.unsent += answers - k - 1;
        return;
      }
      if (saved) {
        this.ackedSaves += 1;
        this.acked.set(`${attempt.id}:${q.id}`, { seq: body.seq, answer: body.answer, marked: body.marked_for_review });
      }
    }
  }

  private async one(index: number, student: Student): Promise<void> {
    const { testId, startAt, spreadMs } = this.plan;
    const home = index % this.client.instances;
    const token = student.token;
    const moment = (index * spreadMs) / this.students.length;
    await until(startAt + moment);
    const path = `/classroom/tests/${testId}/attempts/`;
    const started = await this.client.call(this.parts.start, home, 'POST', path, { token, expected: [201] });
    if (started && !this.startBody) this.startBody = started.body;
    await this.started.arrive();
    const attempt = started ? (JSON.parse(started.body) as AttemptView) : null;
    this.attemptIds[index] = attempt?.id ?? null;
    if (attempt) await this.saves(home, token, attempt);
    await this.saved.arrive();
    if (attempt) {
      await until(this.saved.at + moment);
      await this.client.call(this.parts.submit, home, 'POST', `/classroom/attempts/${attempt.id}/submit/`, { token });
    }
    await this.submitted.arrive();
  }

  /** Runs every student to their submit. */
  async run(): Promise<void> {
    await Promise.all(this.students.map((s, i) => this.one(i, s)));
  }
}
