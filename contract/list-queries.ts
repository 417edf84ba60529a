import { z } from 'zod';
import { Category, LINE_BREAKS_MESSAGE, Level, ResourceType, SINGLE_LINE, Status, TargetAudience } from './fields.ts';

/** Query strings of the list endpoints (public catalogue lists and the admin lists). */

/** "true"/"false" in a query string. Anything else is a validation error, not a silent false. */
export const QueryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ProgramListQuery = z.object({
  level: Level.optional(),
  category: Category.optional(),
  target_audience: TargetAudience.optional(),
  search: z.string().trim().regex(SINGLE_LINE, LINE_BREAKS_MESSAGE).max(200).optional(),
  is_featured: QueryBool.optional(),
  include_inactive: QueryBool.optional(),
});
export const FeaturedListQuery = z.object({
  featured: QueryBool.optional(),
  include_inactive: QueryBool.optional(),
});
export const ResourceListQuery = FeaturedListQuery.extend({ resource_type: ResourceType.optional() });
export const WorkshopListQuery = z.object({
  upcoming: QueryBool.optional(),
  past: QueryBool.optional(),
  is_free: QueryBool.optional(),
  include_inactive: QueryBool.optional(),
});

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
export const AdminListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  status: Status.optional(),
  is_urgent: QueryBool.optional(),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;
