import { PostgresAdapter, type Compilable, type CompiledQuery } from 'kysely';
import { nameStatement } from './named-statements.ts';
import type { Db } from './connect.ts';

/**
 * Hot queries built and compiled by Kysely once per dialect instead of on every request: the query is
 * built with named placeholders (`slot('id')`), compiled, and each later run only swaps the placeholders'
 * values into the compiled parameters. With SQLite's statement reuse (connect.ts) such a query costs one
 * bind and one step; on PostgreSQL it is a named statement, parsed and planned once per connection
 * (named-statements.ts). Works on a Kysely instance and on a transaction alike.
 */

const SLOT = Symbol('slot');
type Slot = { readonly [SLOT]: string };

/** A placeholder for the value named `name`, typed as whatever the builder expects there. */
export function slot<T>(name: string): T {
  return { [SLOT]: name } as unknown as T;
}

function isSlot(value: unknown): value is Slot {
  return typeof value === 'object' && value !== null && SLOT in value;
}

export function compiledOnce<Row, Values extends Record<string, unknown>>(build: (db: Db) => Compilable<Row>) {
  const byDialect = new Map<unknown, { query: CompiledQuery<Row>; slots: Array<string | null> }>();
  function compiled(db: Db) {
    const adapter = db.getExecutor().adapter.constructor;
    let entry = byDialect.get(adapter);
    if (!entry) {
      const query = build(db).compile();
      if (db.getExecutor().adapter instanceof PostgresAdapter) nameStatement(query.sql);
      entry = { query, slots: query.parameters.map((p) => (isSlot(p) ? p[SLOT] : null)) };
      byDialect.set(adapter, entry);
    }
    return entry;
  }
  return async function run(db: Db, values: Values): Promise<Row[]> {
    const { query, slots } = compiled(db);
    const parameters = query.parameters.map((fixed, i) => (slots[i] === null ? fixed : values[slots[i]!]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
