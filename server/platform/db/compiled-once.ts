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

export function compiledOnce<Row, Values extends Record<string, unknown>>(
  build: (db: Db) => Compilable<Row>,
  options: { onePlan?: boolean } = {},
) {
  type Entry = { query: CompiledQuery<Row>; slots: Array<string | null>; hidden?: string };
  const byDialect = new Map<unknown, Entry>();
  const postgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
  function compiled(db: Db): Entry {
    const adapter = db.getExecutor().adapter.constructor;
    let entry = byDialect.get(adapter);
    if (!entry) {
      const query = build(db).compile();
      if (postgres(db) && !options.onePlan) nameStatement(query.sql);
      entry = { query, slots: query.parameters.map((p) => (isSlot(p) ? p[SLOT] : null)) };
      byDialect.set(adapter, entry);
    }
    return entry;
  }
  return async function run(db: Db, values: Values): Promise<Row[]> {
    const entry = compiled(db);
    const { query, slots } = entry;
    const parameters = query.parameters.map((fixed, i) => (slots[i] === null ? fixed : values[slots[i]!]));
    // `onePlan`: its values hidden from the plan as runWithOnePlan hides them (their types from the first run).
    if (options.onePlan && postgres(db) && !entry.hidden) {
      entry.hidden = withHiddenParameters(query.sql, parameters);
      nameStatement(entry.hidden);
    }
    return (await db.executeQuery<Row>({ ...query, sql: entry.hidden ?? query.sql, parameters })).rows;
  };
}

/** The PostgreSQL type a parameter is read as by `runWithOnePlan`, or null to leave it as it is. */
function typeOfValue(value: unknown): string | null {
  if (typeof value === 'string') return 'varchar';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number' && Number.isInteger(value)) return Math.abs(value) < 2 ** 31 ? 'integer' : 'bigint';
  if (typeof value === 'number') return 'numeric';
  return null;
}

/**
 * Runs a query built per request (a filtered admin list page, whose text varies with its filters) with one
 * plan for every value, on PostgreSQL: each parameter is read through a one-row subquery (`(select
 * $1::integer)`), which the planner cannot weigh, and the text is named (named-statements.ts). PostgreSQL
 * then plans its first five runs, finds the plan the same as its generic one and keeps that for the
 * connection: no parsing or planning per request, where a filtered page's planning cost twice its running
 * (decision record 089). So a value that should choose the plan (a status, which index to read) must be a
 * literal of the query (`sql.lit`, a value of a fixed set only), and so part of its text; what the plan
 * reads the same way whatever its value (dates, ids, the limit) is a parameter. SQLite runs the query as is.
 */
export async function runWithOnePlan<Row>(db: Db, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return (await db.executeQuery(compiled)).rows;
  const text = withHiddenParameters(compiled.sql, compiled.parameters);
  nameStatement(text);
  return (await db.executeQuery<Row>({ ...compiled, sql: text })).rows;
}

/** A PostgreSQL text with each parameter read through a one-row subquery of its value's type (`runWithOnePlan`). */
function withHiddenParameters(text: string, parameters: readonly unknown[]): string {
  // Outside quoted literals only (every other segment of a split at the quotes; '' inside one splits evenly).
  return text
    .split("'")
    .map((part, i) =>
      i % 2
        ? part
        : part.replace(/\$(\d+)\b/g, (whole, n: string) => {
            const type = typeOfValue(parameters[Number(n) - 1]);
            return type ? `(select ${whole}::${type})` : whole;
          }),
    )
    .join("'");
}
