import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest (measured with `npm test`'s JSON report, .tmp/test-reports/e2e.json), started
 * first. On a fresh clone Vitest has no durations and starts the largest files first; the page-width file is
 * small and walks every page four times, so it would start last and leave the other worker idle for minutes at
 * the end of the step.
 */
const LONGEST = [
  'page-width',
  'accessibility',
  'layout-header',
  'office',
  'layout-pages',
  'admin',
  'session',
  'layout-screens',
  'student',
  'visitor-pages',
  'notifications',
];

const rank = (file: TestSpecification) => {
  const name = /([^/\\]+)\.e2e\.test\.ts$/.exec(file.moduleId)?.[1] ?? '';
  const i = LONGEST.indexOf(name);
  return i === -1 ? LONGEST.length : i;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the files not listed keep Vitest's own order after the listed ones.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
