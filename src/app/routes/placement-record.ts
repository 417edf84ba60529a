import type { PlacementSummary } from '../../../contract/placement.ts';
import { PRELOAD_PLACEMENT_SUMMARY } from '../../features/marketing/preload-keys.ts';
import { usePreloaded } from '../../lib/preloaded.ts';
import { placementSummaryLoader } from '../composition/placement.ts';

/** The placement figures for a page: the server-rendered ones, else loaded (decision record 070). */
export function usePlacementRecord() {
  const data = usePreloaded(PRELOAD_PLACEMENT_SUMMARY);
  const preloaded =
    data !== null && typeof data === 'object' && 'overall' in data ? (data as PlacementSummary) : undefined;
  return { figures: placementSummaryLoader, preloaded };
}
