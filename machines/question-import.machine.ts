import { QuestionImportFile, type ImportOutcome } from '../contract/assessments.ts';
import { createFormSubmitMachine } from './form-submit.machine.ts';

/**
 * The question bank's Import CSV (decision record 071): `submit` uploads the file; its answer is the count
 * imported or the server's refusal naming every bad row and column (nothing imported), which `submitted`
 * hands to the page to list.
 */
export const questionImportMachine = createFormSubmitMachine<typeof QuestionImportFile, ImportOutcome>({
  id: 'question-import',
  schema: QuestionImportFile,
  failureText: 'The file could not be imported. Please try again.',
});
export type QuestionImportLogic = typeof questionImportMachine;
