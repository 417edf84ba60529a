import { fetchProgramBatches } from '../../features/checkout/api/batches.ts';
import {
  fetchFeaturedFaculty,
  fetchFeaturedResources,
  fetchFeaturedSuccessStories,
  fetchFeaturedTestimonials,
  fetchMyEnrollments,
  fetchProgram,
  fetchPrograms,
  fetchWorkshops,
  type ProgramFilters,
  type WorkshopTab,
} from '../../features/catalogue/api/catalogue-api.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { loaderOf, wholeList } from './lists.ts';

/** One program for its own page. */
export const programLoader = loaderOf((params) => fetchProgram(String(params.id)));
/** The program page's open batches, soonest first (the checkout's call). */
export const programBatchesLoader = loaderOf((params) => fetchProgramBatches(Number(params.id)));
export const programsList = wholeList((params) => fetchPrograms(params as ProgramFilters));
export const facultyList = wholeList(() => fetchFeaturedFaculty());
export const workshopsList = wholeList((params) => fetchWorkshops((params.tab ?? 'upcoming') as WorkshopTab));
export const successStoriesList = wholeList(() => fetchFeaturedSuccessStories());
export const testimonialsList = wholeList(() => fetchFeaturedTestimonials());
export const resourcesList = wholeList(() => fetchFeaturedResources());
/** The logged-in user's enrollments: fills the Programs page's enrolled set (docs/deviations.md). */
export const myEnrollmentsLoader = loaderOf(() => (tokenStore.hasAny() ? fetchMyEnrollments() : Promise.resolve([])));
