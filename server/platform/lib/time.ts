/** Every stored date-time is ISO 8601 UTC with milliseconds, so text order is time order. */
export const nowIso = (): string => new Date().toISOString();
export const isoSecondsAgo = (seconds: number): string => new Date(Date.now() - seconds * 1000).toISOString();
