import type { PlacementSummary } from '../../../contract/placement.ts';
import { PRELOAD_PLACEMENT_SUMMARY } from '../../features/marketing/preload-keys.ts';
import { usePreloaded } from '../../lib/preloaded.ts';

/** The placement figures the server rendered the page with, if it did (decision record 070). */
export function usePreloadedPlacement(): PlacementSummary | undefined {
  const data = usePreloaded(PRELOAD_PLACEMENT_SUMMARY);
  return data !== null && typeof data === 'object' && 'overall' in data ? (data as PlacementSummary) : undefined;
}
