import { placementSummaryLoader } from '../composition/placement.ts';
import { usePreloadedPlacement } from './preloaded-placement.ts';

/** The placement figures for a page: the server-rendered ones, else loaded (decision record 070). */
export function usePlacementRecord() {
  return { figures: placementSummaryLoader, preloaded: usePreloadedPlacement() };
}
