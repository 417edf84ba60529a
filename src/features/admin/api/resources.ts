import {
  facultyResource,
  programsResource,
  resourcesResource,
  successStoriesResource,
  testimonialsResource,
  workshopsResource,
} from './content-resources.tsx';
import { enrollmentsResource, paymentsResource } from './issue-resources.tsx';
import type { AdminResource } from './resource-types.ts';

/** The eight tabs of the admin panel, in the spec's order. */
export const ADMIN_TABS = [
  programsResource,
  facultyResource,
  workshopsResource,
  enrollmentsResource,
  paymentsResource,
  testimonialsResource,
  successStoriesResource,
  resourcesResource,
] as unknown as AdminResource[];
