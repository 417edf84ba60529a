/**
 * The demo instructor's login (demo mode only; decision record 050): server/platform/db/seed.ts creates the user,
 * who teaches every demo batch, and the login page's demo box names it. Plain constants, so the login
 * page does not load the contract's schemas for them.
 */
export const DEMO_INSTRUCTOR = { username: 'instructor', password: 'instructor123' } as const;

/**
 * The demo student who holds the demo certificate (a completed program in an ended batch): server/platform/db/seed.ts
 * creates the user and server/domains/certificates/seed.ts issues the certificate; the login page's demo box
 * names it, so a tester knows which login shows a certificate.
 */
export const DEMO_CERTIFICATE_HOLDER = { username: 'priya.sharma', password: 'student123' } as const;
