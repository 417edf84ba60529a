import { fromPromise } from 'xstate';
import type { AttemptView } from '../../../contract/index.ts';
import {
  examAttemptMachine,
  type EnterSectionInput,
  type LoadedAttempt,
  type QueuedSave,
  type SubmitInput,
} from '../../../machines/exam-attempt.machine.ts';
import {
  enterSection,
  fetchAttempt,
  fetchResult,
  openExam,
  saveAnswer,
  submitAttempt,
} from '../../features/exams/api/exams-api.ts';
import { sendStoredQueue } from '../../features/exams/api/queue-store.ts';
import { takeStarted } from '../../features/exams/api/started-attempts.ts';
import type { ExamMachines } from '../../features/exams/types.ts';
import { loaderOf } from './lists.ts';

/** The exam screen's machines with the API calls (decision records 072, 083). */
export const examMachines: ExamMachines = {
  opening: loaderOf((params) => openExam(Number(params.testId))),
  attempt: examAttemptMachine.provide({
    actors: {
      // What a previous page left queued goes first; the device's time when the answer arrived gives the
      // countdown's offset to the server's clock.
      // An attempt the opening just started is its start's answer (started-attempts.ts), not read again.
      loadAttempt: fromPromise<LoadedAttempt, { attemptId: number }>(async ({ input }) => {
        await sendStoredQueue(input.attemptId);
        const started = takeStarted(input.attemptId);
        if (started) return started;
        const attempt = await fetchAttempt(input.attemptId);
        return { attempt, receivedAt: Date.now() };
      }),
      sendSave: fromPromise<unknown, { attemptId: number; save: QueuedSave }>(({ input }) =>
        saveAnswer(input.attemptId, input.save),
      ),
      submitAttempt: fromPromise<AttemptView, SubmitInput>(({ input }) => submitAttempt(input.attemptId, input.queue)),
      enterSection: fromPromise<AttemptView, EnterSectionInput>(({ input }) =>
        enterSection(input.attemptId, input.index, input.queue),
      ),
    },
  }),
  result: loaderOf((params) => fetchResult(Number(params.attemptId))),
};
