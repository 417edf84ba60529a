import {
  facultyResource,
  programsResource,
  resourcesResource,
  successStoriesResource,
  testimonialsResource,
  workshopsResource,
} from './content-resources.tsx';
import { counselingResource, enrollmentsResource, outboxResource, paymentsResource } from './issue-resources.tsx';
import type { AdminResource } from './resource-types.ts';

/** The eight tabs of the admin panel, in the spec's order, then the counseling requests (design deviation 4) and the email outbox. */
export const ADMIN_TABS = [
  programsResource,
  facultyResource,
  workshopsResource,
  enrollmentsResource,
  paymentsResource,
  testimonialsResource,
  successStoriesResource,
  resourcesResource,
  counselingResource,
  outboxResource,
] as unknown as AdminResource[];
