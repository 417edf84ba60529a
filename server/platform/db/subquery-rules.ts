import type { Expression, SelectQueryBuilder } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';

/**
 * One domain's rule on an enrollment as a subquery, for another domain's read to embed in its statement
 * (`EXISTS (...)`): its rows are the instalments that pause the enrollment, the enrollment given as an id or as
 * a column of the outer query. A service wires the rule into the read, so no repository imports another domain.
 */
export type PausingRule = (
  db: Db,
  enrollment: number | Expression<number | null>,
) => SelectQueryBuilder<Database, 'instalments', object>;

/**
 * The accounts that may act (they exist and are active: the rule the auth hook holds every request to) as a
 * subquery, the account given as an id or as a column of the outer query: a statement that proves the caller's
 * account itself embeds it (`EXISTS (...)`, decision record 103).
 */
export type AccountRule = (
  db: Db,
  account: number | Expression<number>,
) => SelectQueryBuilder<Database, 'users', object>;

/** The account an access token names, on a route that proves it in its own statement (decision record 103). */
export type ClaimedAccount = { id: number; login: string | null };
