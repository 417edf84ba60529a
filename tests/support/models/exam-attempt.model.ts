import { ApiError, ASSESSMENT_MESSAGES, type AttemptView } from '../../../contract/index.ts';
import { examAttemptMachine, type ExamContext } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError } from '../samples.ts';

/** A two-section mock of three questions, opened at 10:00:00 server time; the device's clock is 4 s behind. */
export const sampleAttempt: AttemptView = {
  id: 41,
  test: 9,
  title: 'Bank Credit Officer Mock Test 2',
  kind: 'mock',
  started_at: '2026-11-28T10:00:00.000Z',
  ends_at: '2026-11-28T10:30:00.000Z',
  server_now: '2026-11-28T10:00:00.000Z',
  submitted_at: null,
  current_section: null,
  sections: [
    {
      title: 'Credit appraisal',
      duration_minutes: null,
      ends_at: null,
      questions: [
        {
          id: 101,
          kind: 'single',
          text: 'The current ratio is',
          text_hi: 'चालू अनुपात किसके बराबर है?',
          options: [
            { id: 'A', text: 'Current assets ÷ current liabilities', text_hi: null },
            { id: 'B', text: 'Current liabilities ÷ current assets', text_hi: null },
          ],
          marks: 1,
          negative_marks: 0.25,
        },
        {
          id: 102,
          kind: 'numeric',
          text: 'Working-capital gap in ₹ lakh?',
          text_hi: null,
          options: [],
          marks: 2,
          negative_marks: 0,
        },
      ],
    },
    {
      title: 'Banking regulation',
      duration_minutes: null,
      ends_at: null,
      questions: [
        {
          id: 103,
          kind: 'true_false',
          text: 'Interest on an NPA is booked on accrual.',
          text_hi: null,
          options: [
            { id: 'A', text: 'True', text_hi: null },
            { id: 'B', text: 'False', text_hi: null },
          ],
          marks: 1,
          negative_marks: 0,
        },
      ],
    },
  ],
  answers: [{ question: 102, answer: 300, marked_for_review: true, seq: 4, time_spent_seconds: 40 }],
};
export const receivedAt = Date.parse('2026-11-28T09:59:56.000Z');
export const submittedAttempt: AttemptView = { ...sampleAttempt, submitted_at: '2026-11-28T10:20:00.000Z' };
/**
 * The same test with timed sections (decision record 083): 10 minutes for the first, 20 for the second,
 * taken in order; the first entered at the start.
 */
export const sectionalAttempt: AttemptView = {
  ...sampleAttempt,
  current_section: 0,
  sections: [
    { ...sampleAttempt.sections[0]!, duration_minutes: 10, ends_at: '2026-11-28T10:10:00.000Z' },
    { ...sampleAttempt.sections[1]!, duration_minutes: 20, ends_at: null },
  ],
};
/** The server's answer when the student moved on at 10:03: the first section ended then, the second ends 10:23. */
export const enteredAttempt: AttemptView = {
  ...sectionalAttempt,
  current_section: 1,
  server_now: '2026-11-28T10:03:00.000Z',
  sections: [
    { ...sectionalAttempt.sections[0]!, ends_at: '2026-11-28T10:03:00.000Z' },
    { ...sectionalAttempt.sections[1]!, ends_at: '2026-11-28T10:23:00.000Z' },
  ],
};
/** A save refused because its section's time is up: dropped and shown, the attempt goes on. */
export const sectionTimeUpRefusal = new ApiError(409, { detail: ASSESSMENT_MESSAGES.sectionTimeUp });
/** A move refused (the section is locked). */
export const sectionLockedRefusal = new ApiError(409, { detail: ASSESSMENT_MESSAGES.sectionLocked });
/** The server's refusal of a save after ends_at + 5 s. */
export const timeUpRefusal = new ApiError(409, { detail: ASSESSMENT_MESSAGES.timeUp });
/** A save refused for another reason (shown; the queue moves on). */
export const badAnswer = new ApiError(400, { detail: 'The answer names an option this question does not have.' });
/** The server could not take a save now (its database busy): kept and sent again. */
export const serverBusy = new ApiError(503, { detail: 'The server is busy. Please try again in a few seconds.' });

export const examAttemptModel: MachineModel<{ attemptId: number }> = {
  name: 'exam-attempt',
  machine: examAttemptMachine,
  actors: ['loadAttempt', 'sendSave', 'submitAttempt', 'enterSection'],
  appActions: [],
  inputs: [{ attemptId: 41 }],
  kind: ['shortest', 'transitions'],
  events: [
    { type: 'xstate.done.actor.loadAttempt', output: { attempt: sampleAttempt, receivedAt } },
    { type: 'xstate.done.actor.loadAttempt', output: { attempt: submittedAttempt, receivedAt } },
    { type: 'xstate.done.actor.loadAttempt', output: { attempt: sectionalAttempt, receivedAt } },
    { type: 'xstate.error.actor.loadAttempt', error: networkError },
    { type: 'retry' },
    { type: 'question.go', index: 2 },
    { type: 'answer.choose', answer: ['A'] },
    { type: 'save.next' },
    { type: 'mark.next' },
    { type: 'answer.clear' },
    { type: 'xstate.done.actor.sendSave', output: null },
    { type: 'xstate.error.actor.sendSave', error: networkError },
    { type: 'xstate.error.actor.sendSave', error: timeUpRefusal },
    { type: 'xstate.error.actor.sendSave', error: badAnswer },
    { type: 'xstate.error.actor.sendSave', error: serverBusy },
    { type: 'xstate.error.actor.sendSave', error: sectionTimeUpRefusal },
    // SAVE_RETRY_MS in offline: the machine's delayed transition, as an event.
    { type: 'xstate.after.retryDelay.examAttempt.offline' },
    { type: 'network.offline' },
    { type: 'network.online' },
    { type: 'submit' },
    { type: 'time.up' },
    { type: 'section.timeUp' },
    { type: 'section.next' },
    { type: 'xstate.done.actor.enterSection', output: enteredAttempt },
    { type: 'xstate.error.actor.enterSection', error: networkError },
    { type: 'xstate.error.actor.enterSection', error: sectionLockedRefusal },
    { type: 'clock.tick' },
    { type: 'xstate.done.actor.submitAttempt', output: submittedAttempt },
    { type: 'xstate.error.actor.submitAttempt', error: networkError },
    { type: 'xstate.error.actor.submitAttempt', error: badAnswer },
  ],
  // What the student sees: where they are, which question, how many saves wait, and any message.
  stateKey: (snapshot) => {
    const c = snapshot.context as ExamContext;
    return {
      value: snapshot.value,
      index: Math.min(c.index, 1),
      queued: Math.min(c.queue.length, 1),
      error: c.error,
      section: c.section,
    };
  },
};
