/**
 * Enumerations of spec section 3, in the spec's order, and the labels the SPA shows: plain values, no
 * zod, so a page that only shows a label does not load the schema library (enums.ts builds the schemas).
 */

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const CATEGORIES = [
  'credit_analyst',
  'research_analyst',
  'nbfc_incubator',
  'short_course',
  'placement_accelerator',
  'corporate_training',
] as const;
export const TARGET_AUDIENCES = ['graduates', 'mba', 'ca', 'professionals', 'entrepreneurs'] as const;
export const RESOURCE_TYPES = ['case_study', 'template', 'article', 'podcast', 'video', 'whitepaper'] as const;
export const PAYMENT_METHODS = ['credit_card', 'debit_card', 'upi'] as const;
/** The status choices an administrator may pick when resolving an enrollment or a payment. */
export const STATUSES = ['pending', 'active', 'completed', 'cancelled', 'on_hold', 'failed'] as const;
export const FAILURE_REASONS = [
  'insufficient_funds',
  'card_declined',
  'network_error',
  'bank_timeout',
  'invalid_details',
  'fraud_detected',
  'technical_issue',
  'other',
] as const;
export const ROLES = ['admin', 'instructor', 'faculty', 'student'] as const;
export const COURSE_TYPES = ['program', 'workshop'] as const;
/** A payment's statuses: the resolve choices plus `refunded` (a full refund through the gateway, issue 9). */
export const PAYMENT_STATUSES = [...STATUSES, 'refunded'] as const;
export const COUNSELING_STATUSES = ['new', 'contacted', 'scheduled', 'converted', 'closed'] as const;

type Level = (typeof LEVELS)[number];
type Category = (typeof CATEGORIES)[number];
type TargetAudience = (typeof TARGET_AUDIENCES)[number];
type ResourceType = (typeof RESOURCE_TYPES)[number];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type Status = (typeof STATUSES)[number];
type FailureReason = (typeof FAILURE_REASONS)[number];

export const LEVEL_LABELS: Record<Level, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
export const CATEGORY_LABELS: Record<Category, string> = {
  credit_analyst: 'Credit Analyst',
  research_analyst: 'Research Analyst',
  nbfc_incubator: 'NBFC Incubator',
  short_course: 'Short Course',
  placement_accelerator: 'Placement Accelerator',
  corporate_training: 'Corporate Training',
};
export const TARGET_AUDIENCE_LABELS: Record<TargetAudience, string> = {
  graduates: 'Graduates',
  mba: 'MBA',
  ca: 'CA',
  professionals: 'Professionals',
  entrepreneurs: 'Entrepreneurs',
};
/** Resource chips of the Resources page (spec section 2), "All" aside. */
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  case_study: 'Case Studies',
  template: 'Templates',
  article: 'Articles',
  podcast: 'Podcasts',
  video: 'Videos',
  whitepaper: 'Whitepapers',
};
export const RESOURCE_TYPE_SINGULAR: Record<ResourceType, string> = {
  case_study: 'Case Study',
  template: 'Template',
  article: 'Article',
  podcast: 'Podcast',
  video: 'Video',
  whitepaper: 'Whitepaper',
};
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: 'Credit Card',
  debit_card: 'Debit Card',
  upi: 'UPI',
};
export const STATUS_LABELS: Record<Status, string> = {
  pending: 'Pending',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
  on_hold: 'On Hold',
  failed: 'Failed',
};
export const FAILURE_REASON_LABELS: Record<FailureReason, string> = {
  insufficient_funds: 'Insufficient Funds',
  card_declined: 'Card Declined',
  network_error: 'Network Error',
  bank_timeout: 'Bank Timeout',
  invalid_details: 'Invalid Details',
  fraud_detected: 'Fraud Detected',
  technical_issue: 'Technical Issue',
  other: 'Other',
};
export const COUNSELING_STATUS_LABELS: Record<(typeof COUNSELING_STATUSES)[number], string> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  converted: 'Converted',
  closed: 'Closed',
};
export const COURSE_TYPE_LABELS: Record<(typeof COURSE_TYPES)[number], string> = {
  program: 'Program',
  workshop: 'Workshop',
};
export const PAYMENT_STATUS_LABELS: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  ...STATUS_LABELS,
  refunded: 'Refunded',
};

export const BATCH_MODES = ['online', 'classroom', 'hybrid'] as const;
/** How a batch's mode reads to a person. */
export const BATCH_MODE_LABELS: Record<(typeof BATCH_MODES)[number], string> = {
  online: 'Online',
  classroom: 'Classroom',
  hybrid: 'Hybrid',
};
