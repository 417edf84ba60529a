import { useParams } from 'react-router-dom';
import { Faculty, Program, Resource, SuccessStory, Testimonial, Workshop } from '../../../contract/index.ts';
import { FacultyPage } from '../../features/catalogue/components/faculty-page.tsx';
import { ProgramDetailPage } from '../../features/catalogue/components/program-detail-page.tsx';
import { ProgramsPage } from '../../features/catalogue/components/programs-page.tsx';
import { ResourcesPage } from '../../features/catalogue/components/resources-page.tsx';
import { WorkshopsPage } from '../../features/catalogue/components/workshops-page.tsx';
import { PlacementPage } from '../../features/marketing/components/placement-page.tsx';
import { PRELOAD_TESTIMONIALS } from '../../features/marketing/preload-keys.ts';
import { PRELOAD, usePreloaded } from '../../lib/preloaded.ts';
import {
  facultyList,
  myEnrollmentsLoader,
  programLoader,
  programBatchesLoader,
  programsList,
  resourcesList,
  successStoriesList,
  testimonialsList,
  workshopsList,
} from '../composition/catalogue.ts';

/** Server-rendered items of a list, parsed with the contract like any answer entering the app. */
function usePreloadedList<T>(key: string, item: { safeParse: (data: unknown) => { success: boolean; data?: T } }) {
  const data = usePreloaded(key);
  if (!Array.isArray(data)) return undefined;
  const parsed = data.map((entry) => item.safeParse(entry));
  return parsed.every((p) => p.success) ? parsed.map((p) => p.data as T) : undefined;
}

/** The catalogue routes, each given its machines (and any server-rendered data) by the composition point. */
export const ProgramsRoute = () => (
  <ProgramsPage
    list={programsList}
    enrollments={myEnrollmentsLoader}
    preloaded={usePreloadedList(PRELOAD.programs, Program)}
  />
);
export function ProgramDetailRoute() {
  const id = useParams().id ?? '';
  const data = Program.safeParse(usePreloaded(PRELOAD.program(id)));
  // A new id is a new page: remount so the loader starts over.
  return (
    <ProgramDetailPage
      key={id}
      loader={programLoader}
      batchesLoader={programBatchesLoader}
      id={id}
      preloaded={data.success ? data.data : undefined}
    />
  );
}
export const FacultyRoute = () => (
  <FacultyPage list={facultyList} preloaded={usePreloadedList(PRELOAD.faculty, Faculty)} />
);
export const WorkshopsRoute = () => (
  <WorkshopsPage list={workshopsList} preloaded={usePreloadedList(PRELOAD.workshopsUpcoming, Workshop)} />
);
export const ResourcesRoute = () => (
  <ResourcesPage list={resourcesList} preloaded={usePreloadedList(PRELOAD.resources, Resource)} />
);
export const PlacementRoute = () => (
  <PlacementPage
    stories={successStoriesList}
    preloaded={usePreloadedList(PRELOAD.successStories, SuccessStory)}
    testimonials={testimonialsList}
    preloadedTestimonials={usePreloadedList(PRELOAD_TESTIMONIALS, Testimonial)}
  />
);
