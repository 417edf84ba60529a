/**
 * The /placement page's testimonials in the embedded page data (src/lib/preloaded.ts). Kept out of
 * `PRELOAD`, which ships with the home page: only the placement route and the server need this name.
 */
export const PRELOAD_TESTIMONIALS = 'testimonials';

/** The placement figures (GET /classroom/placement/summary/) on the pages that state them. */
export const PRELOAD_PLACEMENT_SUMMARY = 'placement-summary';
