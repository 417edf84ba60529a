/**
 * The sign-in's second step could not reach the server. Its own module: the session machine (on every
 * page) takes this one sentence, not the second factor's other constants (mfa-messages.ts).
 */
export const SECOND_FACTOR_FAILED = 'The code could not be checked. Check your connection and try again.';
