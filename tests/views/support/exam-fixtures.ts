import {
  ASSESSMENT_PATHS as P,
  type AttemptResult,
  type AttemptView,
  type StudentQuestion,
  type StudentTest,
} from '../../../contract/index.ts';
import { ok, type FakeRequest, type Handler } from './fake-api.ts';

/** A two-section mock test for the exam screen's view tests: its list entry, attempt and result. */
export const TEST_ID = 5;
export const ATTEMPT_ID = 9;

const option = (id: string, text: string, text_hi: string | null = null) => ({ id, text, text_hi });
export const Q_RATIO: StudentQuestion = {
  id: 101,
  kind: 'single',
  text: 'The **current ratio** is current assets divided by:',
  text_hi: '**चालू अनुपात** चालू परिसंपत्तियों को किससे भाग देकर निकलता है?',
  options: [option('A', 'Current liabilities', 'चालू देनदारियाँ'), option('B', 'Net worth', 'निवल मूल्य')],
  marks: 1,
  negative_marks: 0.25,
};
export const Q_MPBF: StudentQuestion = {
  id: 102,
  kind: 'single',
  text: 'Under the Tandon second method, the borrower contributes what share of current assets?',
  text_hi: null,
  options: [option('A', '25%'), option('B', '10%')],
  marks: 1,
  negative_marks: 0.25,
};
export const Q_CRAR: StudentQuestion = {
  id: 103,
  kind: 'numeric',
  text: 'The minimum CRAR (in %) for scheduled commercial banks in India is:',
  text_hi: null,
  options: [],
  marks: 2,
  negative_marks: 0,
};

export const listed: StudentTest = {
  id: TEST_ID,
  title: 'Bank Credit Officer Mock Test 2',
  kind: 'mock',
  program: 1,
  lesson: null,
  state: 'open',
  opens_at: '2026-01-01T04:30:00Z',
  closes_at: '2099-01-01T04:30:00Z',
  duration_minutes: 30,
  questions: 3,
  attempts_allowed: 1,
  attempts_used: 0,
  open_attempt: null,
  last_attempt: null,
  results_at: 'immediately',
  paused_due_on: null,
};

export function attemptView(overrides: Partial<AttemptView> = {}): AttemptView {
  const now = Date.now();
  return {
    id: ATTEMPT_ID,
    test: TEST_ID,
    title: listed.title,
    kind: 'mock',
    started_at: new Date(now).toISOString(),
    ends_at: new Date(now + 30 * 60_000).toISOString(),
    server_now: new Date(now).toISOString(),
    submitted_at: null,
    current_section: null,
    sections: [
      { title: 'Credit appraisal', duration_minutes: null, ends_at: null, questions: [Q_RATIO, Q_MPBF] },
      { title: 'Banking regulation', duration_minutes: null, ends_at: null, questions: [Q_CRAR] },
    ],
    answers: [],
    ...overrides,
  };
}

export const result: AttemptResult = {
  attempt: ATTEMPT_ID,
  test: TEST_ID,
  title: listed.title,
  kind: 'mock',
  score: 2.75,
  max_score: 4,
  percent: 68.75,
  passed: true,
  correct: 2,
  wrong: 1,
  unanswered: 0,
  sections: [
    { title: 'Credit appraisal', score: 0.75, max_score: 2, correct: 1, wrong: 1, unanswered: 0 },
    { title: 'Banking regulation', score: 2, max_score: 2, correct: 1, wrong: 0, unanswered: 0 },
  ],
  questions: [
    {
      ...Q_RATIO,
      section: 'Credit appraisal',
      your_answer: ['A'],
      answer: ['A'],
      outcome: 'correct',
      marks_awarded: 1,
      explanation: 'Current ratio = current assets ÷ current liabilities.',
      time_spent_seconds: 30,
    },
    {
      ...Q_MPBF,
      section: 'Credit appraisal',
      your_answer: ['B'],
      answer: ['A'],
      outcome: 'wrong',
      marks_awarded: -0.25,
      explanation: 'The Tandon Committee’s second method: 25% of current assets from long-term sources.',
      time_spent_seconds: 75,
    },
    {
      ...Q_CRAR,
      section: 'Banking regulation',
      your_answer: 9,
      answer: { value: 9, tolerance: 0 },
      outcome: 'correct',
      marks_awarded: 2,
      explanation: 'RBI’s Basel III master circular: 9% CRAR.',
      time_spent_seconds: 20,
    },
  ],
  rank: 3,
  percentile: 95.1219512,
  candidates: 41,
  computed_at: '2026-11-20T10:00:00Z',
};

/** The fake API's answers for one attempt of the test; saves are recorded in `saved`. */
export function examRoutes(attempt: AttemptView = attemptView()) {
  const saved: FakeRequest[] = [];
  const save: Handler = (request) => {
    saved.push(request);
    const body = request.body as { seq: number };
    return ok({ question: Number(request.path.split('/').at(-2)), seq: body.seq, kept_seq: body.seq, server_now: '' });
  };
  const routes: Record<string, Handler> = {
    [`GET ${P.studentTests}`]: ok([listed]),
    [`POST ${P.startAttempt(TEST_ID)}`]: ok(attempt),
    [`GET ${P.attempt(ATTEMPT_ID)}`]: ok(attempt),
    [`POST ${P.submit(ATTEMPT_ID)}`]: ok({ ...attempt, submitted_at: new Date().toISOString() }),
    [`GET ${P.result(ATTEMPT_ID)}`]: ok(result),
  };
  for (const q of attempt.sections.flatMap((s) => s.questions)) routes[`PUT ${P.answer(ATTEMPT_ID, q.id)}`] = save;
  return { routes, saved };
}
