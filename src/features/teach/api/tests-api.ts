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
