import { fromPromise } from 'xstate';
import type { Question } from '../../../contract/index.ts';
import { adminModalMachine, type DeleteItemInput, type SaveItemInput } from '../../../machines/admin-modal.machine.ts';
import { fetchQuestions } from '../../features/teach/api/questions-api.ts';
import {
  deleteTest,
  downloadScores,
  fetchTestReport,
  fetchTests,
  saveTest,
} from '../../features/teach/api/tests-api.ts';
import type { TeachTestsMachines } from '../../features/teach/types.ts';
import { loaderOf, wholeList } from './lists.ts';
import { refusable, teachMachines } from './teach.ts';

/** The instructor's tests, their dialog and a test's report (decision record 071), with the API calls. */
export const teachTestsMachines: TeachTestsMachines = {
  tests: loaderOf(() => refusable(fetchTests)),
  batches: teachMachines.batches,
  questions: wholeList<Question>(fetchQuestions),
  modal: (onSaved) =>
    adminModalMachine.provide({
      actors: {
        saveItem: fromPromise<unknown, SaveItemInput>(({ input }) => saveTest(input)),
        deleteItem: fromPromise<unknown, DeleteItemInput>(({ input }) => deleteTest(input)),
      },
      actions: { itemSaved: () => onSaved() },
    }),
  report: loaderOf((params) => refusable(() => fetchTestReport(String(params.id)))),
  downloadScores,
};
