import {
  ApiError,
  ASSESSMENT_PATHS,
  ImportRefusal,
  ImportResult,
  Question,
  type ImportOutcome,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** A dialog's save, as the admin modal machine hands it over (add or edit). */
type QuestionSave = { mode: string; item: unknown; values: Record<string, unknown> };

/** GET /api/instructor/questions/?program=&topic=&search=: the bank of the caller's programs (every one for an administrator). */
export const fetchQuestions = (params: Record<string, unknown>) =>
  api.list(ASSESSMENT_PATHS.questions, Question, {
    program: params.program as string | undefined,
    topic: params.topic as string | undefined,
    search: params.search as string | undefined,
  });

/** POST a new question, or PATCH the one edited; the server checks the fields and answers 400 per field. */
export function saveQuestion({ mode, item, values }: QuestionSave): Promise<Question> {
  if (mode === 'edit') {
    const { id } = item as Question;
    return api.send('PATCH', ASSESSMENT_PATHS.question(id), values).then((data) => Question.parse(data));
  }
  return api.post(ASSESSMENT_PATHS.questions, values, Question);
}

/** DELETE; a question used in a finished attempt is refused (409) with the server's "retire it instead". */
export const deleteQuestion = ({ item }: { item: unknown }) =>
  api.delete(ASSESSMENT_PATHS.question((item as Question).id));

/** POST the CSV or XLSX (multipart "file"): the count imported, or the 400 naming every bad row and column. */
export async function importQuestions(file: File): Promise<ImportOutcome> {
  try {
    const { imported } = await api.upload(ASSESSMENT_PATHS.questionImport, { files: { file } }, ImportResult);
    return { ok: true, imported };
  } catch (error) {
    const refusal = error instanceof ApiError && error.status === 400 ? ImportRefusal.safeParse(error.body) : null;
    if (refusal?.success) return { ok: false, ...refusal.data };
    throw error;
  }
}

/** The server's template (CSV or XLSX): the header row in the documented column layout and three example rows. */
export const downloadQuestionTemplate = (format: 'csv' | 'xlsx') =>
  format === 'xlsx'
    ? api.download(ASSESSMENT_PATHS.questionTemplateXlsx, 'question-bank-template.xlsx')
    : api.download(ASSESSMENT_PATHS.questionTemplate, 'question-bank-template.csv');
