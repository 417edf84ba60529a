/** A policy page's text in the embedded page data (src/lib/preloaded.ts); the server writes, the route reads. */
export const preloadPolicyKey = (slug: string) => `policy:${slug}`;
