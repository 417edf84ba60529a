/**
 * The demo instructor's login (demo mode only; decision record 050): server/db/seed.ts creates the user,
 * who teaches every demo batch, and the login page's demo box names it. Plain constants, so the login
 * page does not load the contract's schemas for them.
 */
export const DEMO_INSTRUCTOR = { username: 'instructor', password: 'instructor123' } as const;
