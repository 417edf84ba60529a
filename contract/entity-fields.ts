import { z } from 'zod';

/** The fields every answer's entity is made of (contract/entities.ts and its neighbours). */
export const Id = z.number().int().positive();
/** ISO 8601 date-time, e.g. 2026-11-22T10:30:00.000Z. */
export const DateTime = z.string();
