import { sql, type Expression, type SqlBool } from 'kysely';

/** `%text%` for LIKE with `\` as the escape character, so a user's % and _ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "column contains text", the same on SQLite and PostgreSQL. */
export function contains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}

/**
 * The user (of `table`) whose name, username or e-mail address contains the text, case-insensitively:
 * `search_text` is those in one lower-case text (migration 022), so a term may span them ("diya nair").
 * PostgreSQL answers it from a trigram GIN index; SQLite reads the rows.
 */
export function userMatches(table: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.search_text`)} like ${containsPattern(text)} escape '\\'`;
}
