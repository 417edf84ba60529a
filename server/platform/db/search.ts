import { sql, type Expression, type SqlBool } from 'kysely';

/** `%text%` for LIKE with `\` as the escape character, so a user's % and _ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "column contains text", the same on SQLite and PostgreSQL. */
export function contains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}
