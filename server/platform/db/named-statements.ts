import type pg from 'pg';

/**
 * PostgreSQL named statements for the hot queries compiled once (compiled-once.ts): such a query is parsed
 * and planned once per connection and then only bound and run, where an unnamed one is parsed and planned
 * on every request (decision record 059). Only texts registered here are named: their number is fixed by
 * the code, so each connection keeps a bounded set, and each is a lookup by key whose plan fits any value.
 */
const names = new Map<string, string>();
/**
 * At most this many texts are named: each connection keeps a plan for each named text it has run, and the
 * admin lists' pages name one text per shape of their filters (compiled-once.ts, `runWithOnePlan`). Past
 * it a text runs unnamed, parsed and planned per request as any other.
 */
const MOST_NAMES = 400;

export function nameStatement(text: string): void {
  if (!names.has(text) && names.size < MOST_NAMES) names.set(text, `hot_${names.size + 1}`);
}

type Query = (...args: unknown[]) => unknown;

/** Runs a registered text as its named statement on this client; any other query as before. */
export function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    return name && Array.isArray(values)
      ? query({ name, text: config, values }, callback)
      : query(config, values, callback);
  };
}
