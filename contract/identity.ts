import { z } from 'zod';
import { emailAddress, line } from './fields.ts';

/**
 * Email identity (decision record 063): confirming an address, changing it with the password, and undoing a
 * change from the old address. The emailed links carry their token in the fragment (`#token=`); the pages
 * post it.
 */

export const IDENTITY_PATHS = {
  /** POST: change the signed-in person's address (current password); answers a fresh token pair. */
  email: '/auth/account/email/',
  /** POST: send the confirmation link again to the current, unconfirmed address. */
  emailConfirmation: '/auth/account/email/confirmation/',
  /** POST {token}: the confirmation link's page. */
  confirmEmail: '/auth/email/confirm/',
  /** POST {token}: the old address's link that undoes a change. */
  undoEmailChange: '/auth/email/undo/',
} as const;

/** The SPA pages the emailed links open. */
export const IDENTITY_PAGES = { confirmEmail: '/confirm-email', undoEmailChange: '/undo-email-change' } as const;

/** Usernames that begin so are an erasure's rename targets (`erased-<id>`): nobody can register one. */
export const ERASED_USERNAME_PREFIX = 'erased-';
export const isReservedUsername = (username: string): boolean =>
  username.toLowerCase().startsWith(ERASED_USERNAME_PREFIX);

export const IDENTITY_MESSAGES = {
  usernameReserved: `Usernames that begin with "${ERASED_USERNAME_PREFIX}" are reserved. Choose another username.`,
  sameEmail: 'That is already your email address.',
  emailChanged:
    'Your email address is changed. Confirm it from the link we sent to it; every other device is signed out.',
  confirmationSent: 'We sent a confirmation link to your email address. It works once, within 24 hours.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  tooManyConfirmations: 'We have sent enough confirmation emails to this address today. Try again tomorrow.',
  profileEmail: 'Changing your email address needs your password: use "Change email" below.',
  confirmLinkInvalid:
    'This confirmation link is not valid any more (used, expired, or for an address you changed). Ask for a new one from your account page.',
  confirmed: 'Your email address is confirmed.',
  undoLinkInvalid: 'This link is not valid any more: it was used or is more than 7 days old.',
  undone: 'The change is undone: your account has its old email address again, and every device is signed out.',
  undoAdvice: 'If you did not change it yourself, someone knows your password: set a new one now.',
} as const;

const token = line({ error: 'This link is not valid.' }).min(1, 'This link is not valid.').max(200);

/** POST /auth/email/confirm/ and /auth/email/undo/: the token of the emailed link. */
export const EmailLinkInput = z.object({ token });
export type EmailLinkInput = z.infer<typeof EmailLinkInput>;

/** POST /auth/account/email/: the new address and the current password. */
export const EmailChangeInput = z.object({
  email: emailAddress().max(254),
  current_password: z
    .string({ error: 'Current password is required.' })
    .min(1, 'Current password is required.')
    .max(256),
});
export type EmailChangeInput = z.infer<typeof EmailChangeInput>;
