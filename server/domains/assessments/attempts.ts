import type { Selectable } from 'kysely';
import {
  ASSESSMENT_MESSAGES as M,
  SAVE_GRACE_SECONDS,
  type AnswerSave,
  type AttemptView,
  type SaveAck,
  type StudentTest,
} from '../../../contract/assessments.ts';
import { startSections } from '../../../contract/exam-sections.ts';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError, notAuthenticated, tokenInvalid } from '../../platform/lib/errors.ts';
import type { ClaimedAccount } from '../../platform/db/subquery-rules.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { givesAccess } from '../enrollments/service.ts';
import { enrollmentSuspended } from '../lessons/index.ts';
import { assertOwnAttempt, assertStudentOfStart } from './access.ts';
import { attemptRepository } from './attempt-repository.ts';
import { attemptOrder, paperCache, questionJson, type Paper } from './paper.ts';
import { insertAttempt, startReads, testOf } from './start-repository.ts';
import { pausingInstalments } from '../pricing/index.ts';
import { activeAccounts, findActiveUser } from '../accounts/index.ts';
import { givenOf } from './present.ts';
import { assessmentRepository } from './repository.ts';
import { submitAttempt, type OrderItem } from './results.ts';
import { keptAttempts, orderOf, type SavedAttempt } from './kept-attempts.ts';
import { assertSectionOpen, movedPlan, sectionView } from './sections.ts';
import type { AttemptAnswersTable, AttemptRow, TestRow } from './tables.ts';

/**
 * A student's side of a test (decision record 072): the list, starting an attempt (the server fixes its
 * ends_at and its order), saving answers by seq, submitting, and the events the instructor sees.
 */

const graceMs = SAVE_GRACE_SECONDS * 1000;
export const timeIsUp = (attempt: Pick<AttemptRow, 'ends_at'>, now: number) =>
  now > Date.parse(attempt.ends_at) + graceMs;

/** The answer row a save keeps, once the attempt it goes to is checked: open, the question its, the section on. */
function answerRow(attempt: SavedAttempt, order: OrderItem[], questionId: number, input: AnswerSave, now: number) {
  if (attempt.submitted_at) throw new HttpError(409, M.submitted);
  if (timeIsUp(attempt, now)) throw new HttpError(409, M.timeUp);
  const item = order.find((o) => o.question === questionId);
  if (!item) throw new HttpError(404, M.notInAttempt);
  assertSectionOpen(attempt, order, item, now);
  const answer = input.answer;
  if (Array.isArray(answer) && !answer.every((a) => item.options.includes(a))) {
    throw new HttpError(400, 'The answer names an option this question does not have.');
  }
  return {
    attempt_id: attempt.id,
    question_id: questionId,
    answer: answer === null ? null : JSON.stringify(answer),
    marked_for_review: input.marked_for_review ? 1 : 0,
    seq: input.seq,
    time_spent_seconds: input.time_spent_seconds ?? 0,
    saved_at: new Date(now).toISOString(),
  };
}

/** What an attempt's view needs besides the attempt, when the caller has it already. */
type Known = { test: TestRow; paper?: Paper; answers?: Selectable<AttemptAnswersTable>[]; order?: OrderItem[] };

/**
 * The JSON of an AttemptView (contract/assessments.ts), written from the paper's JSON of each question
 * (paper.ts, decision record 090): the routes send it as it is.
 */
export type AttemptJson = string;

export function createAttemptService(db: Db, dialect: Dialect) {
  const tests = assessmentRepository(db);
  const attempts = attemptRepository(db);
  const papers = paperCache(db);
  const seen = keptAttempts((id) => attempts.attempt(id));
  const readStart = startReads(pausingInstalments, activeAccounts);

  /** An attempt as its student sees it, as JSON; `known` gives what the caller has already read. */
  async function attemptJson(attempt: AttemptRow, now: number, known?: Known): Promise<AttemptJson> {
    const test = known?.test ?? (await tests.test(attempt.test_id))!;
    const paper = known?.paper ?? (await papers.of(test));
    const order = known?.order ?? orderOf(attempt);
    const timing = sectionView(attempt, now);
    const sections = paper.sections.map((s, index) => {
      let questions = '';
      for (const o of order) {
        const q = o.section === s.title ? paper.questions.get(o.question) : undefined;
        if (q) questions += (questions ? ',' : '') + questionJson(q, o.options);
      }
      const head = JSON.stringify({
        title: s.title,
        duration_minutes: s.duration_minutes,
        ends_at: timing.endOf(index),
      });
      return `${head.slice(0, -1)},"questions":[${questions}]}`;
    });
    const answers = known?.answers ?? (await attempts.answers(attempt.id));
    const view: Omit<AttemptView, 'sections'> = {
      id: attempt.id,
      test: test.id,
      title: test.title,
      kind: test.kind,
      started_at: attempt.started_at,
      ends_at: attempt.ends_at,
      server_now: new Date(now).toISOString(),
      submitted_at: attempt.submitted_at,
      current_section: timing.current,
      answers: answers.map((a) => ({
        question: a.question_id,
        answer: givenOf(a.answer),
        marked_for_review: a.marked_for_review === 1,
        seq: a.seq,
        time_spent_seconds: a.time_spent_seconds,
      })),
    };
    return `${JSON.stringify(view).slice(0, -1)},"sections":[${sections.join(',')}]}`;
  }

  /** An open attempt whose time is over is submitted before anything else is done with it. */
  async function settle(attempt: AttemptRow, now: number): Promise<AttemptRow> {
    if (attempt.submitted_at || !timeIsUp(attempt, now)) return attempt;
    await inTransaction(db, (trx) => submitAttempt(trx, attempt.id, 'timer', new Date(now).toISOString()));
    return (await attempts.attempt(attempt.id))!;
  }

  return {
    /** GET /classroom/tests/: the tests of the caller's programs and batches, open, upcoming and finished. */
    async list(user: UserRow | null, now: number): Promise<StudentTest[]> {
      if (!user) throw notAuthenticated();
      const enrollments = (await attempts.enrollments(user.id, pausingInstalments)).filter((e) => givesAccess(e));
      // A paused enrollment's tests stay listed, with the instalment that pauses them (its start is refused, 403).
      const pausedUntil = new Map<number, string>();
      for (const e of enrollments.filter((e) => e.paused)) {
        const due = await enrollmentSuspended(db, e.id);
        if (due) pausedUntil.set(e.id, due.due_on);
      }
      const programs = [...new Set(enrollments.map((e) => e.course_id))];
      /** The caller's enrollment a test is for: its program, and its batch when it names one. */
      const enrollmentOf = (t: TestRow) =>
        enrollments.find((e) => e.course_id === t.program_id && (t.batch_id === null || t.batch_id === e.batch_id));
      const rows = (await tests.tests(programs)).filter((t) => enrollmentOf(t));
      const mine = await attempts.studentAttempts(
        user.id,
        rows.map((t) => t.id),
      );
      const counts = await tests.questionCounts(rows.map((t) => t.id));
      return rows.map((t) => {
        const own = mine.filter((a) => a.test_id === t.id);
        const enrollment = enrollmentOf(t);
        const open = own.find((a) => !a.submitted_at && !timeIsUp(a, now));
        const state = now < Date.parse(t.opens_at) ? 'upcoming' : now > Date.parse(t.closes_at) ? 'finished' : 'open';
        return {
          id: t.id,
          title: t.title,
          kind: t.kind,
          program: t.program_id,
          lesson: t.lesson_id,
          state,
          opens_at: t.opens_at,
          closes_at: t.closes_at,
          duration_minutes: t.duration_minutes,
          questions: counts.get(t.id) ?? 0,
          attempts_allowed: t.attempts_allowed,
          attempts_used: own.length,
          open_attempt: open?.id ?? null,
          last_attempt: own.at(-1)?.id ?? null,
          results_at: t.results_at,
          paused_due_on: (enrollment && pausedUntil.get(enrollment.id)) ?? null,
        };
      });
    },

    /**
     * POST /classroom/tests/{id}/attempts/: a new attempt (or 409 pointing at the one in progress). The caller's
     * account is proved by the start's read (decision record 103), which its route leaves to it.
     */
    async start(student: ClaimedAccount, testId: number, now: number): Promise<AttemptJson> {
      // One statement (decision records 102, 103): the test, the account and access it needs, the earlier attempts.
      const read = await assertStudentOfStart(db, await readStart(db, testId, student.id));
      const test = testOf(read);
      if (now < Date.parse(test.opens_at) || now >= Date.parse(test.closes_at)) throw new HttpError(409, M.notOpen);
      let used = Number(read.attempts_used);
      if (Number(read.attempts_open) > 0) {
        // An attempt still open: submitted here when its time is up, else the start is refused.
        const own = await Promise.all((await attempts.attemptsOf(test.id, student.id)).map((a) => settle(a, now)));
        if (own.some((a) => !a.submitted_at)) throw new HttpError(409, M.attemptOpen);
        used = own.length;
      }
      if (test.attempts_allowed !== null && used >= test.attempts_allowed) {
        throw new HttpError(409, M.noAttemptsLeft(test.attempts_allowed));
      }
      // Timed sections (decision record 083): when every section is timed, the attempt lasts no longer than they do.
      const paper = await papers.of(test);
      const minutes = paper.sections.map((s) => s.duration_minutes);
      const allTimed = minutes.every((m) => m !== null) ? (minutes as number[]).reduce((t, m) => t + m, 0) : null;
      const endsAt = Math.min(
        now + test.duration_minutes * 60_000,
        Date.parse(test.closes_at),
        allTimed === null ? Infinity : now + allTimed * 60_000,
      );
      const ends = new Date(endsAt).toISOString();
      const plan = startSections(minutes, ends, now);
      const order = attemptOrder(test, paper);
      const row = {
        test_id: test.id,
        student_id: student.id,
        number: used + 1,
        started_at: new Date(now).toISOString(),
        ends_at: ends,
        submitted_at: null,
        submitted_by: null,
        question_order: JSON.stringify(order),
        sections: plan ? JSON.stringify(plan) : null,
      };
      // The unique (test, student, number) refuses a second start racing this one.
      const { id } = await insertAttempt(db, row).catch(() => {
        throw new HttpError(409, M.attemptOpen);
      });
      // Answered from what the start read and wrote (a new attempt has no answers), not read again.
      return attemptJson({ id, ...row }, now, { test, paper, answers: [], order });
    },

    /** GET /classroom/attempts/{id}/: the attempt to resume (after a reload), with its kept answers. */
    async get(user: UserRow | null, id: number, now: number): Promise<AttemptJson> {
      const attempt = await settle(assertOwnAttempt(user, await attempts.attempt(id)), now);
      return attemptJson(attempt, now);
    },

    /**
     * PUT .../answers/{question}/: idempotent; a lower seq never overwrites a higher one. The attempt is checked,
     * then the answer written in one statement that holds while the attempt is as checked (decision record 088);
     * when that wrote nothing (a higher seq kept, or the attempt submitted or moved on meanwhile), the save is
     * decided again on the attempt locked in a transaction. The attempt is the one this process kept from an
     * earlier save (decision record 096) when that one accepts the save: the statement's guard proves it
     * current; otherwise it is read. The caller's account is proved by that statement too (decision record
     * 103), which the save's route leaves to it; the locked decision reads the account first.
     */
    async save(user: ClaimedAccount, id: number, questionId: number, input: AnswerSave, now: number): Promise<SaveAck> {
      const ack = (kept: number) => ({
        question: questionId,
        seq: input.seq,
        kept_seq: kept,
        server_now: new Date(now).toISOString(),
      });
      const written = await seen.write(user, id, (attempt, order) =>
        attempts.saveAnswer(answerRow(attempt, order, questionId, input, now), {
          student: attempt.student_id,
          ends: attempt.ends_at,
          sections: attempt.sections,
          active: activeAccounts,
        }),
      );
      if (written !== undefined) return ack(written);
      if (!(await findActiveUser(db, user.id))) throw tokenInvalid();
      return inTransaction(db, async (trx) => {
        const locked = attemptRepository(trx);
        const attempt = assertOwnAttempt(user, await locked.attemptForSave(id, dialect === 'postgres'));
        const row = answerRow(attempt, orderOf(attempt), questionId, input, now);
        return ack((await locked.saveAnswer(row)) ?? (await locked.keptSeq(id, questionId)));
      });
    },

    /**
     * POST .../sections/{index}/enter/ (decision record 083): the student moves on to the next section, which
     * ends the current one now; the current section again answers the attempt as it is. Kept by compare-and-set
     * on the plan read, so of two moves racing one wins and the other is answered from what it kept.
     */
    async enterSection(user: UserRow | null, id: number, index: number, now: number): Promise<AttemptJson> {
      for (let tries = 0; ; tries++) {
        const attempt = await settle(assertOwnAttempt(user, await attempts.attempt(id)), now);
        if (attempt.submitted_at) throw new HttpError(409, timeIsUp(attempt, now) ? M.timeUp : M.submitted);
        const plan = JSON.stringify(movedPlan(attempt, index, now));
        if (plan === attempt.sections || (await attempts.setSections(id, attempt.sections!, plan))) {
          return attemptJson({ ...attempt, sections: plan }, now);
        }
        if (tries > 0) throw new HttpError(409, M.sectionsInOrder);
      }
    },

    /** POST .../submit/: once (a second answers the same attempt), answered from what the submit read, not again. */
    async submit(user: UserRow | null, id: number, now: number): Promise<AttemptJson> {
      const attempt = assertOwnAttempt(user, await attempts.attempt(id));
      const submitted = await inTransaction(db, (trx) =>
        submitAttempt(trx, attempt.id, timeIsUp(attempt, now) ? 'timer' : 'student', new Date(now).toISOString()),
      );
      if (submitted) return attemptJson(submitted.attempt, now, { test: submitted.test, answers: submitted.answers });
      return attemptJson((await attempts.attempt(id))!, now);
    },

    /** POST .../events/: a tab switch or leaving full screen, recorded while the attempt is open. */
    async event(user: UserRow | null, id: number, kind: string, now: number): Promise<void> {
      const attempt = assertOwnAttempt(user, await attempts.attempt(id));
      if (attempt.submitted_at) throw new HttpError(409, M.submitted);
      await attempts.insertEvent(id, kind, new Date(now).toISOString());
    },
  };
}
