import type { ProgramFilters, WorkshopTab } from '../../features/catalogue/api/catalogue-api.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { loaderOf, wholeList } from './lists.ts';

/**
 * The catalogue's API calls load with their first call: they parse answers with the contract's schemas
 * (and zod), which a server-rendered page does not need to hydrate (decision record 058).
 */
const catalogueApi = () => import('../../features/catalogue/api/catalogue-api.ts');
const batchesApi = () => import('../../features/checkout/api/batches.ts');

/** One program for its own page. */
export const programLoader = loaderOf(async (params) => (await catalogueApi()).fetchProgram(String(params.id)));
/** The program page's open batches, soonest first (the checkout's call). */
export const programBatchesLoader = loaderOf(async (params) =>
  (await batchesApi()).fetchProgramBatches(Number(params.id)),
);
export const programsList = wholeList(async (params) => (await catalogueApi()).fetchPrograms(params as ProgramFilters));
export const facultyList = wholeList(async () => (await catalogueApi()).fetchFeaturedFaculty());
export const workshopsList = wholeList(async (params) =>
  (await catalogueApi()).fetchWorkshops((params.tab ?? 'upcoming') as WorkshopTab),
);
export const successStoriesList = wholeList(async () => (await catalogueApi()).fetchFeaturedSuccessStories());
export const testimonialsList = wholeList(async () => (await catalogueApi()).fetchFeaturedTestimonials());
export const resourcesList = wholeList(async () => (await catalogueApi()).fetchFeaturedResources());
/** The logged-in user's enrollments: fills the Programs page's enrolled set (docs/deviations.md). */
export const myEnrollmentsLoader = loaderOf(async () =>
  tokenStore.hasAny() ? (await catalogueApi()).fetchMyEnrollments() : [],
);
