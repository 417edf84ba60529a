import { FacultyPage } from '../../features/catalogue/components/faculty-page.tsx';
import { ProgramsPage } from '../../features/catalogue/components/programs-page.tsx';
import { ResourcesPage } from '../../features/catalogue/components/resources-page.tsx';
import { WorkshopsPage } from '../../features/catalogue/components/workshops-page.tsx';
import { PlacementPage } from '../../features/marketing/components/placement-page.tsx';
import {
  facultyList,
  myEnrollmentsLoader,
  programsList,
  resourcesList,
  successStoriesList,
  workshopsList,
} from '../composition/catalogue.ts';

/** The catalogue routes, each given its machines by the composition point. */
export const ProgramsRoute = () => <ProgramsPage list={programsList} enrollments={myEnrollmentsLoader} />;
export const FacultyRoute = () => <FacultyPage list={facultyList} />;
export const WorkshopsRoute = () => <WorkshopsPage list={workshopsList} />;
export const ResourcesRoute = () => <ResourcesPage list={resourcesList} />;
export const PlacementRoute = () => <PlacementPage stories={successStoriesList} />;
