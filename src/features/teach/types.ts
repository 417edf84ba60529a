import type { ImportOutcome, Question, TeachBatch, TeachBatchSummary, Test } from '../../../contract/index.ts';
import type { TestReport } from './api/tests-api.ts';
import type { AdminModalLogic } from '../../../machines/admin-modal.machine.ts';
import type { AttendanceSheetLogic } from '../../../machines/attendance-sheet.machine.ts';
import type { AnnouncementLogic } from '../../../machines/form-submit.machine.ts';
import type { QuestionImportLogic } from '../../../machines/question-import.machine.ts';
import type { ListLogic } from '../../../machines/list.machine.ts';
import type { LoaderLogic } from '../../../machines/loader.machine.ts';

/** A load the server may refuse (403 for a student, another instructor's batch): its words, to show. */
export type Refusable<T> = { ok: true; data: T } | { ok: false; message: string };

export type TeachMachines = {
  batches: LoaderLogic<Refusable<TeachBatchSummary[]>>;
  batch: LoaderLogic<Refusable<TeachBatch>>;
  attendanceSheet: AttendanceSheetLogic;
  /** Announce to the batch (decision record 073): the form, posting to this batch. */
  announcement: (batchId: number) => AnnouncementLogic;
};

/** /teach/questions: the bank's list, its add/edit/delete dialog, the CSV import and its template. */
export type QuestionBankMachines = {
  /** The caller's batches, for the programs they teach (the program filter and the form's choice). */
  batches: TeachMachines['batches'];
  questions: ListLogic<Question>;
  /** The add/edit/delete dialog; `onSaved` reloads the list. */
  modal: (onSaved: () => void) => AdminModalLogic;
  /** Import CSV or XLSX; `onImported` gets the count imported or the rows refused. */
  importer: (onImported: (outcome: ImportOutcome) => void) => QuestionImportLogic;
  downloadTemplate: (format: 'csv' | 'xlsx') => Promise<void>;
};

/**
 * /teach/tests and /teach/tests/:id: the tests with their add/edit/delete dialog (questions chosen from the
 * bank), and one test's attempts, analysis and scores CSV.
 */
export type TeachTestsMachines = {
  tests: LoaderLogic<Refusable<Test[]>>;
  /** The caller's batches: the programs and batches a test can be for, and their names in the list. */
  batches: TeachMachines['batches'];
  /** The bank the form chooses questions from (`?topic=&search=`; the program is filtered in the form). */
  questions: ListLogic<Question>;
  /** The add/edit/delete dialog; `onSaved` reloads the list. */
  modal: (onSaved: () => void) => AdminModalLogic;
  report: LoaderLogic<Refusable<TestReport>>;
  downloadScores: (id: number) => Promise<void>;
};
