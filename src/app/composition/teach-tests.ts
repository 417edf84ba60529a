import { downloadScores, fetchTestReport, fetchTests } from '../../features/teach/api/tests-api.ts';
import type { TeachTestsMachines } from '../../features/teach/types.ts';
import { loaderOf } from './lists.ts';
import { refusable } from './teach.ts';

/** The instructor's tests and a test's report (decision record 071), with the API calls. */
export const teachTestsMachines: TeachTestsMachines = {
  tests: loaderOf(() => refusable(fetchTests)),
  report: loaderOf((params) => refusable(() => fetchTestReport(String(params.id)))),
  downloadScores,
};
