import type { PlacementSummary } from '../../../contract/placement.ts';
import { loaderOf } from './lists.ts';

/**
 * The placement figures, loaded for the home, placement and programs pages when the server did not embed
 * them (a client-side visit). The fetcher and its schema load only then: the home page's first chunk
 * stays without zod (decision record 058).
 */
export const placementSummaryLoader = loaderOf<PlacementSummary>(async () =>
  (await import('../../features/marketing/api/placement-api.ts')).fetchPlacementSummary(),
);
