import { useParams } from 'react-router-dom';
import type { Faculty, Program, Resource, SuccessStory, Testimonial, Workshop } from '../../../contract/index.ts';
import { FacultyPage } from '../../features/catalogue/components/faculty-page.tsx';
import { ProgramDetailPage } from '../../features/catalogue/components/program-detail-page.tsx';
import { ProgramsPage } from '../../features/catalogue/components/programs-page.tsx';
import { ResourcesPage } from '../../features/catalogue/components/resources-page.tsx';
import { WorkshopsPage } from '../../features/catalogue/components/workshops-page.tsx';
import { PlacementPage } from '../../features/marketing/components/placement-page.tsx';
import { AboutPage } from '../../features/marketing/components/about-page.tsx';
import { PRELOAD_TESTIMONIALS } from '../../features/marketing/preload-keys.ts';
import { usePlacementRecord } from './placement-record.ts';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { OfferConfirmPage } from '../../features/marketing/components/offer-confirm-page.tsx';
import { offerConfirmation } from '../composition/placement.ts';
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

/**
 * Server-rendered data of the page. The server wrote it with the API's own serialisers, and a test proves
 * every page's data parses with the contract's schemas (tests/api/preloaded-contract.test.ts); parsing it
 * again here would load every schema and zod, and run them over the list, before the page could hydrate
 * (decision record 058). Anything that is not the expected shape is ignored and the list loads as usual.
 */
function usePreloadedList<T>(key: string): T[] | undefined {
  const data = usePreloaded(key);
  return Array.isArray(data) && data.every((entry) => entry !== null && typeof entry === 'object')
    ? (data as T[])
    : undefined;
}

function usePreloadedProgram(id: string): Program | undefined {
  const data = usePreloaded(PRELOAD.program(id));
  return data !== null && typeof data === 'object' && String((data as { id?: unknown }).id) === id
    ? (data as Program)
    : undefined;
}

const placementProps = (r: ReturnType<typeof usePlacementRecord>) => ({
  placement: r.figures,
  preloadedPlacement: r.preloaded,
});

/** The catalogue routes, each given its machines (and any server-rendered data) by the composition point. */
export const ProgramsRoute = () => (
  <ProgramsPage
    list={programsList}
    enrollments={myEnrollmentsLoader}
    preloaded={usePreloadedList<Program>(PRELOAD.programs)}
    {...placementProps(usePlacementRecord())}
  />
);
export function ProgramDetailRoute() {
  const id = useParams().id ?? '';
  const preloaded = usePreloadedProgram(id);
  // A new id is a new page: remount so the loader starts over.
  return (
    <ProgramDetailPage
      key={id}
      loader={programLoader}
      batchesLoader={programBatchesLoader}
      id={id}
      preloaded={preloaded}
    />
  );
}
export const FacultyRoute = () => (
  <FacultyPage list={facultyList} preloaded={usePreloadedList<Faculty>(PRELOAD.faculty)} />
);
export const WorkshopsRoute = () => (
  <WorkshopsPage list={workshopsList} preloaded={usePreloadedList<Workshop>(PRELOAD.workshopsUpcoming)} />
);
export const ResourcesRoute = () => (
  <ResourcesPage list={resourcesList} preloaded={usePreloadedList<Resource>(PRELOAD.resources)} />
);
export const AboutRoute = () => <AboutPage record={usePlacementRecord()} />;
export { PlacementMethodologyPage as PlacementMethodologyRoute } from '../../features/marketing/components/placement-methodology-page.tsx';

/** An employer's confirmation link: the token rides in the fragment, never sent in a URL. */
export function PlacementConfirmRoute() {
  const token = new URLSearchParams(useLocation().hash.replace(/^#/, '')).get('token') ?? '';
  const [logic] = useState(() => offerConfirmation(token));
  return <OfferConfirmPage logic={logic} />;
}

export const PlacementRoute = () => (
  <PlacementPage
    record={usePlacementRecord()}
    stories={successStoriesList}
    preloaded={usePreloadedList<SuccessStory>(PRELOAD.successStories)}
    testimonials={testimonialsList}
    preloadedTestimonials={usePreloadedList<Testimonial>(PRELOAD_TESTIMONIALS)}
  />
);
