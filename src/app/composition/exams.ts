import { fromPromise } from 'xstate';
import type { AttemptView } from '../../../contract/index.ts';
import {
  examAttemptMachine,
  type LoadedAttempt,
  type QueuedSave,
  type SubmitInput,
} from '../../../machines/exam-attempt.machine.ts';
import { fetchAttempt, fetchResult, openExam, saveAnswer, submitAttempt } from '../../features/exams/api/exams-api.ts';
import type { ExamMachines } from '../../features/exams/types.ts';
import { loaderOf } from './lists.ts';

/** The exam screen's machines with the API calls (decision record 072). */
export const examMachines: ExamMachines = {
  opening: loaderOf((params) => openExam(Number(params.testId))),
  attempt: examAttemptMachine.provide({
    actors: {
      // The device's time when the answer arrived: the countdown's offset to the server's clock.
      loadAttempt: fromPromise<LoadedAttempt, { attemptId: number }>(async ({ input }) => {
        const attempt = await fetchAttempt(input.attemptId);
        return { attempt, receivedAt: Date.now() };
      }),
      sendSave: fromPromise<unknown, { attemptId: number; save: QueuedSave }>(({ input }) =>
        saveAnswer(input.attemptId, input.save),
      ),
      submitAttempt: fromPromise<AttemptView, SubmitInput>(({ input }) => submitAttempt(input.attemptId, input.queue)),
    },
  }),
  result: loaderOf((params) => fetchResult(Number(params.attemptId))),
};
