import { fromPromise } from 'xstate';
import type { ImportOutcome, Question } from '../../../contract/index.ts';
import { adminModalMachine, type DeleteItemInput, type SaveItemInput } from '../../../machines/admin-modal.machine.ts';
import type { FormSubmitInput } from '../../../machines/form-submit.machine.ts';
import { questionImportMachine } from '../../../machines/question-import.machine.ts';
import {
  deleteQuestion,
  downloadQuestionTemplate,
  fetchQuestions,
  importQuestions,
  saveQuestion,
} from '../../features/teach/api/questions-api.ts';
import type { QuestionBankMachines } from '../../features/teach/types.ts';
import { wholeList } from './lists.ts';
import { teachMachines } from './teach.ts';

/** The question bank's machines with the API calls (decision record 071). */
export const questionBankMachines: QuestionBankMachines = {
  batches: teachMachines.batches,
  questions: wholeList<Question>(fetchQuestions),
  modal: (onSaved) =>
    adminModalMachine.provide({
      actors: {
        saveItem: fromPromise<unknown, SaveItemInput>(({ input }) => saveQuestion(input)),
        deleteItem: fromPromise<unknown, DeleteItemInput>(({ input }) => deleteQuestion(input)),
      },
      actions: { itemSaved: () => onSaved() },
    }),
  importer: (onImported) =>
    questionImportMachine.provide({
      actors: {
        submit: fromPromise<ImportOutcome, FormSubmitInput<{ file: File }>>(({ input }) =>
          importQuestions(input.values.file),
        ),
      },
      actions: { submitted: (_, params) => onImported(params.output) },
    }),
  downloadTemplate: downloadQuestionTemplate,
};
