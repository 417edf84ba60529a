import { PLACEMENT_PATHS, PlacementSummary } from '../../../../contract/placement.ts';
import { api } from '../../../lib/api-client.ts';

/** The placement record's figures (decision record 070): every public figure reads them from here. */
export const fetchPlacementSummary = () => api.get(PLACEMENT_PATHS.summary, PlacementSummary);
