/** The API suite's database, where its PostgreSQL test databases are made, and what their names start with. */

/** TEST_DB=sqlite (default, in memory) or TEST_DB=postgres. */
export const TEST_DB = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `api_test_<run>_`: a run's databases, told apart from another run's on the same server. */
export const testDatabasePrefix = (run: string) => `api_test_${run}_`;

/** Names the API suite's run when set (`npm test` sets it, then checks the run left none of its databases). */
export const API_TEST_RUN_ENV = 'API_TEST_RUN';
