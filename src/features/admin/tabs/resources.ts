import {
  facultyResource,
  programsResource,
  resourcesResource,
  successStoriesResource,
  testimonialsResource,
  workshopsResource,
} from './content-resources.tsx';
import { counselingResource, enrollmentsResource, outboxResource, paymentsResource } from './issue-resources.tsx';
import { auditLogResource, usersResource } from './office-resources.tsx';
import { revenueTab } from '../components/revenue-panel.tsx';
import { privacyTab } from '../components/privacy-panel.tsx';
import { reconciliationResource } from '../api/reconciliation.ts';
import { couponsResource } from './coupon-resource.tsx';
import { instalmentsResource } from './instalment-resource.tsx';
import { plansTab } from '../components/plans-panel.tsx';
import { certificatesResource } from './certificate-resource.tsx';
import { batchesResource, timetableTab } from './batch-resources.tsx';
import { curriculumTab } from './curriculum-resources.tsx';
import { employersResource, offersResource } from './placement-resources.tsx';
import { openingsResource } from './openings-resource.tsx';
import { messagesResource } from './message-resource.tsx';
import type { AdminTab } from './resource-types.ts';

/** The eight tabs of the admin panel, in the spec's order, then counseling requests (docs/deviations.md), revenue, users, the audit log, the email outbox and the WhatsApp/SMS/email messages. */
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
  revenueTab,
  usersResource,
  auditLogResource,
  outboxResource,
  messagesResource,
  reconciliationResource,
  privacyTab,
  couponsResource,
  instalmentsResource,
  plansTab,
  certificatesResource,
  batchesResource,
  timetableTab,
  curriculumTab,
  employersResource,
  offersResource,
  openingsResource,
] as unknown as AdminTab[];
