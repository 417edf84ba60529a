/**
 * The password hashing cost of every test's server, the API suite's apps and processes (vite.config.ts) and the
 * end-to-end suite's `npm start` (tests/e2e/support/app.ts): scrypt at N=2^12 instead of production's 2^17,
 * which costs a sign-in 0.75 CPU-seconds on a slow 2-core machine. server/platform/lib/passwords.ts reads it only
 * outside NODE_ENV=production; tests/api/credential-storage.test.ts asserts the production cost (decision records
 * 065 and 095).
 */
export const TEST_SCRYPT_ENV = { SCRYPT_TEST_LOG2_N: '12' } as const;
