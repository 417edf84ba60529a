import { z } from 'zod';
import {
  CATEGORIES,
  COUNSELING_STATUSES,
  COURSE_TYPES,
  FAILURE_REASONS,
  LEVELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RESOURCE_TYPES,
  ROLES,
  STATUSES,
  TARGET_AUDIENCES,
} from './enum-values.ts';

/** The enumerations' schemas; their values and labels are in enum-values.ts (re-exported here). */
export * from './enum-values.ts';

export const Level = z.enum(LEVELS);
export const Category = z.enum(CATEGORIES);
export const TargetAudience = z.enum(TARGET_AUDIENCES);
export const ResourceType = z.enum(RESOURCE_TYPES);
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export const Status = z.enum(STATUSES);
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export const FailureReason = z.enum(FAILURE_REASONS);
export const Role = z.enum(ROLES);
export const CourseType = z.enum(COURSE_TYPES);

export type Level = z.infer<typeof Level>;
export type Category = z.infer<typeof Category>;
export type TargetAudience = z.infer<typeof TargetAudience>;
export type ResourceType = z.infer<typeof ResourceType>;
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export type Status = z.infer<typeof Status>;
export type PaymentStatus = z.infer<typeof PaymentStatus>;
export type FailureReason = z.infer<typeof FailureReason>;
export type Role = z.infer<typeof Role>;
export type CourseType = z.infer<typeof CourseType>;

/** The counseling pipeline (issue 11), in order. */
export const CounselingStatus = z.enum(COUNSELING_STATUSES);
export type CounselingStatus = z.infer<typeof CounselingStatus>;
