import { ASSESSMENT_PATHS, Test } from '../../../../contract/index.ts';
import { TestAnalysis, TestAttemptRow } from '../../../../contract/assessment-analysis.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/instructor/tests/: the tests of the caller's programs (every one for an administrator). */
export const fetchTests = () => api.list(ASSESSMENT_PATHS.tests, Test);

/** One test, its attempts and its analysis, read together for the test's page. */
export async function fetchTestReport(id: string) {
  const [test, attempts, analysis] = await Promise.all([
    api.get(ASSESSMENT_PATHS.test(id), Test),
    api.list(ASSESSMENT_PATHS.testAttempts(id), TestAttemptRow),
    api.get(ASSESSMENT_PATHS.testAnalysis(id), TestAnalysis),
  ]);
  return { test, attempts, analysis };
}
export type TestReport = Awaited<ReturnType<typeof fetchTestReport>>;

/** The scores as CSV (one row per attempt), saved by the browser. */
export const downloadScores = (id: number) => api.download(ASSESSMENT_PATHS.testScores(id), `test-${id}-scores.csv`);

/** A dialog's save, as the admin modal machine hands it over (add or edit). */
type TestSave = { mode: string; item: unknown; values: Record<string, unknown> };

/** POST a new test, or PATCH the one edited; the server checks the fields and answers 400 per field. */
export function saveTest({ mode, item, values }: TestSave): Promise<Test> {
  if (mode === 'edit') {
    const { id } = item as Test;
    return api.send('PATCH', ASSESSMENT_PATHS.test(id), values).then((data) => Test.parse(data));
  }
  return api.post(ASSESSMENT_PATHS.tests, values, Test);
}

/** DELETE; a test with attempts is refused (409) with the server's words. */
export const deleteTest = ({ item }: { item: unknown }) => api.delete(ASSESSMENT_PATHS.test((item as Test).id));
