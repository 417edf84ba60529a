import { fromPromise } from 'xstate';
import type { LessonQuestion } from '../../../contract/index.ts';
import {
  questionThreadMachine,
  type LoadQuestionsInput,
  type SaveChangeInput,
} from '../../../machines/question-thread.machine.ts';
import { fetchLessonQuestions, saveThreadChange } from '../../features/lesson-questions/api/lesson-questions-api.ts';

/** A lesson's question thread (decision record 073) with the API calls. */
export const appQuestionThread = questionThreadMachine.provide({
  actors: {
    loadQuestions: fromPromise<LessonQuestion[], LoadQuestionsInput>(({ input }) =>
      fetchLessonQuestions(input.lessonId),
    ),
    saveChange: fromPromise<LessonQuestion[], SaveChangeInput>(({ input }) =>
      saveThreadChange(input.lessonId, input.change),
    ),
  },
});
