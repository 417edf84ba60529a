import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ASSESSMENT_MESSAGES, type AttemptView } from '../../contract/index.ts';
import {
  EXAM_TEXTS,
  examAttemptMachine,
  SAVE_RETRY_MS,
  examQuestions,
  paletteState,
  inCurrentSection,
  type EnterSectionInput,
  type ExamContext,
  type QueuedSave,
  type SubmitInput,
} from '../../machines/exam-attempt.machine.ts';
import {
  enteredAttempt,
  examAttemptModel,
  receivedAt,
  sampleAttempt,
  sectionalAttempt,
  serverBusy,
} from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('exam attempt machine, generated paths', () => {
  testGeneratedPaths(examAttemptModel, (step) => {
    const state = stateOf(step);
    const c = step.snapshot.context as ExamContext;
    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || state === 'submitting' || state === 'entering');
    // The countdown's clock is the server's: 4 s ahead of this device.
    if (c.attempt) expect(c.offsetMs).toBe(Date.parse(sampleAttempt.server_now) - receivedAt);
    // Each queued save has a seq higher than every one before it and above the server's kept 4.
    const seqs = c.queue.map((s) => s.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    if (seqs.length) expect(seqs[0]).toBeGreaterThan(4);
    // One save per question waits: a newer one replaces the older.
    expect(new Set(c.queue.map((s) => s.question)).size).toBe(c.queue.length);
    // A save's time on its question is what the screen had counted when it was made (never more).
    for (const save of c.queue) expect(save.time_spent_seconds).toBeLessThanOrEqual(c.spent[save.question] ?? 0);
    // What is sent: the first queued save on entering saving; the whole queue with the submit.
    for (const call of actorCalls(step.effects)) {
      if (call.src === 'sendSave') expect(call.input).toEqual({ attemptId: 41, save: c.queue[0] });
      if (call.src === 'submitAttempt') expect(call.input).toEqual({ attemptId: 41, queue: c.queue });
      if (call.src === 'loadAttempt') expect(call.input).toEqual({ attemptId: 41 });
      // Moving on early: the next section, with what is still queued sent first.
      if (call.src === 'enterSection')
        expect(call.input).toEqual({ attemptId: 41, index: c.section! + 1, queue: c.queue });
    }
    // Timed sections: the question on screen is the current section's, and an end is fixed for each entered.
    if (c.attempt && c.section !== null) {
      expect(inCurrentSection(c, c.index)).toBe(true);
      expect(c.sectionEnds).toHaveLength(c.section + 1);
    }
    if (c.attempt && c.attempt.current_section === null && state !== 'submitted') {
      expect(c.section).toBeNull();
    }
    // The question on screen has been visited; a kept answer and mark show in the palette.
    if (c.attempt && state !== 'submitted') {
      const current = examQuestions(c.attempt)[c.index]!;
      expect(paletteState(c.entries[current.id])).not.toBe('not_visited');
    }
    // Offline, or the server busy: the saves stay queued, and the message says which.
    if (state === 'offline') expect([EXAM_TEXTS.offline, EXAM_TEXTS.busy]).toContain(c.error);
    if (state === 'submitted') expect(c.queue).toEqual([]);
    if (state === 'failed') expect(c.error).toBe(EXAM_TEXTS.loadFailed);
    expect(c.error).not.toBe(ASSESSMENT_MESSAGES.timeUp);
  });
});

describe('the palette', () => {
  it('has the five states', () => {
    expect(paletteState(undefined)).toBe('not_visited');
    expect(paletteState({ answer: null, marked: false, visited: true })).toBe('not_answered');
    expect(paletteState({ answer: [], marked: false, visited: true })).toBe('not_answered');
    expect(paletteState({ answer: ['A'], marked: false, visited: true })).toBe('answered');
    expect(paletteState({ answer: null, marked: true, visited: true })).toBe('marked');
    expect(paletteState({ answer: 0, marked: true, visited: true })).toBe('answered_marked');
  });
});

describe('time per question', () => {
  it('counts the seconds each question is on screen, on from what the server kept, and sends it with the save', async () => {
    const actor = createActor(
      examAttemptMachine.provide({
        actors: {
          loadAttempt: fromPromise(async () => ({ attempt: sampleAttempt, receivedAt })),
          sendSave: fromPromise<unknown, { attemptId: number; save: QueuedSave }>(() => new Promise(() => undefined)),
          submitAttempt: fromPromise<AttemptView, SubmitInput>(() => new Promise(() => undefined)),
        },
      }),
      { input: { attemptId: 41 } },
    ).start();
    await waitFor(actor, (s) => s.matches('answering'));
    const [first, second] = examQuestions(sampleAttempt);
    for (let i = 0; i < 3; i++) actor.send({ type: 'clock.tick' });
    actor.send({ type: 'answer.choose', answer: ['A'] });
    actor.send({ type: 'save.next' });
    expect(actor.getSnapshot().context.queue.at(-1)).toMatchObject({ question: first!.id, time_spent_seconds: 3 });
    // The second question had 40 s kept by the server (an earlier visit): the count goes on from there.
    for (let i = 0; i < 2; i++) actor.send({ type: 'clock.tick' });
    actor.send({ type: 'mark.next' });
    expect(actor.getSnapshot().context.queue.at(-1)).toMatchObject({ question: second!.id, time_spent_seconds: 42 });
    // Back on the first: its count resumes at 3.
    actor.send({ type: 'question.go', index: 0 });
    actor.send({ type: 'clock.tick' });
    actor.send({ type: 'answer.clear' });
    expect(actor.getSnapshot().context.queue.at(-1)).toMatchObject({ question: first!.id, time_spent_seconds: 4 });
    actor.stop();
  });
});

describe('a save the server could not take', () => {
  it('stays queued (503: the server busy), says so, and is sent again after SAVE_RETRY_MS until it is kept', async () => {
    vi.useFakeTimers();
    const sent: QueuedSave[] = [];
    const actor = createActor(
      examAttemptMachine.provide({
        actors: {
          loadAttempt: fromPromise(async () => ({ attempt: sampleAttempt, receivedAt })),
          sendSave: fromPromise<unknown, { attemptId: number; save: QueuedSave }>(async ({ input }) => {
            sent.push(input.save);
            if (sent.length === 1) throw serverBusy;
            return null;
          }),
          submitAttempt: fromPromise<AttemptView, SubmitInput>(() => new Promise(() => undefined)),
        },
      }),
      { input: { attemptId: 41 } },
    ).start();
    try {
      await vi.waitFor(() => expect(actor.getSnapshot().matches('answering')).toBe(true));
      actor.send({ type: 'answer.choose', answer: ['A'] });
      actor.send({ type: 'save.next' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('offline')).toBe(true));
      expect(actor.getSnapshot().context.error).toBe(EXAM_TEXTS.busy);
      expect(actor.getSnapshot().context.queue).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(SAVE_RETRY_MS);
      await vi.waitFor(() => expect(actor.getSnapshot().matches('answering')).toBe(true));
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual(sent[0]);
      expect(actor.getSnapshot().context.queue).toEqual([]);
      expect(actor.getSnapshot().context.error).toBeNull();
    } finally {
      actor.stop();
      vi.useRealTimers();
    }
  });
});

describe('timed sections (decision record 083)', () => {
  function sectional(enter: (input: EnterSectionInput) => Promise<AttemptView> = () => new Promise(() => undefined)) {
    const submits: SubmitInput[] = [];
    const actor = createActor(
      examAttemptMachine.provide({
        actors: {
          loadAttempt: fromPromise(async () => ({ attempt: sectionalAttempt, receivedAt })),
          sendSave: fromPromise<unknown, { attemptId: number; save: QueuedSave }>(async () => null),
          submitAttempt: fromPromise<AttemptView, SubmitInput>(({ input }) => {
            submits.push(input);
            return new Promise(() => undefined);
          }),
          enterSection: fromPromise<AttemptView, EnterSectionInput>(({ input }) => enter(input)),
        },
      }),
      { input: { attemptId: 41 } },
    ).start();
    return { actor, submits };
  }

  it('keeps the student in the current section; at its end the next opens with the end the server fixes; the last one’s end submits', async () => {
    const { actor, submits } = sectional();
    await waitFor(actor, (s) => s.matches('answering'));
    expect(actor.getSnapshot().context).toMatchObject({ section: 0, index: 0 });
    // The second section's question cannot be opened yet; Save & Next stops at the section's last question.
    actor.send({ type: 'question.go', index: 2 });
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'save.next' });
    actor.send({ type: 'save.next' });
    await waitFor(actor, (s) => s.matches('answering'));
    expect(actor.getSnapshot().context.index).toBe(1);
    actor.send({ type: 'section.timeUp' });
    // Entered at 10:10 (the first section's end) for its 20 minutes.
    expect(actor.getSnapshot().context).toMatchObject({
      section: 1,
      index: 2,
      sectionEnds: ['2026-11-28T10:10:00.000Z', '2026-11-28T10:30:00.000Z'],
    });
    actor.send({ type: 'question.go', index: 0 });
    expect(actor.getSnapshot().context.index).toBe(2);
    expect(submits).toHaveLength(0);
    actor.send({ type: 'section.timeUp' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(submits).toHaveLength(1);
    actor.stop();
  });

  it('moves on early through the server and takes the ends it answers', async () => {
    const asked: EnterSectionInput[] = [];
    const { actor } = sectional(async (input) => {
      asked.push(input);
      return enteredAttempt;
    });
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'answer.choose', answer: ['A'] });
    actor.send({ type: 'section.next' });
    await waitFor(actor, (s) => s.matches('answering') && s.context.section === 1);
    expect(asked).toEqual([{ attemptId: 41, index: 1, queue: [] }]);
    expect(actor.getSnapshot().context).toMatchObject({
      index: 2,
      sectionEnds: ['2026-11-28T10:03:00.000Z', '2026-11-28T10:23:00.000Z'],
    });
    // In the last section there is no next one to move to.
    actor.send({ type: 'section.next' });
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    actor.stop();
  });
});
