import type { LoaderLogic } from '../../../machines/loader.machine.ts';
import type { examAttemptMachine } from '../../../machines/exam-attempt.machine.ts';
import type { ExamOpening, ResultAnswer } from './api/exams-api.ts';

/** The exam screen's machine with its effects provided (src/app/composition/exams.ts). */
export type ExamAttemptLogic = typeof examAttemptMachine;

/** What the exam pages need (app/composition supplies it). */
export type ExamMachines = {
  /** Resumes the open attempt or starts one: params `{ testId }`. */
  opening: LoaderLogic<ExamOpening>;
  /** One attempt: loading, answering, saving, offline queue, submitting (decision record 072). */
  attempt: ExamAttemptLogic;
  /** An attempt's result, or when it will be published: params `{ attemptId }`. */
  result: LoaderLogic<ResultAnswer>;
};
