import type { Test } from '../../../../contract/index.ts';
import { Notice } from '../../../components/notice.tsx';

export const KIND = { quiz: 'Quiz', mock: 'Mock test' } as const;

/** A failed load: the loader's words and a retry. */
export function LoadFailed({ error, retry }: { error: string | null; retry: () => void }) {
  return (
    <>
      <Notice kind="error">{error}</Notice>
      <button type="button" className="btn" onClick={retry}>
        Try again
      </button>
    </>
  );
}

/** Where a test stands now: before its window, open, closed (results computed, for a mock). */
export function testStatus(test: Pick<Test, 'opens_at' | 'closes_at' | 'results_computed_at'>, now: number): string {
  if (now < Date.parse(test.opens_at)) return 'Upcoming';
  if (now < Date.parse(test.closes_at)) return 'Open now';
  return test.results_computed_at ? 'Closed, results computed' : 'Closed';
}
