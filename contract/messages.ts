/**
 * Every user-facing message of the spec's error catalogue (section 8), word for word, plus the
 * server's error texts (docs/api.md). Both sides import these; never retype them.
 */
export const MESSAGES = {
  loginFailed: 'Login failed. Please try again.',
  /** Sign-up (docs/deviations.md) has no text in the spec; worded like the login failure. */
  registerFailed: 'Registration failed. Please try again.',
  programsLoadFailed: 'Failed to load programs. Please try again.',
  facultyLoadFailed: 'Failed to load faculty. Please try again.',
  workshopsLoadFailed: 'Failed to load workshops. Please try again.',
  successStoriesLoadFailed: 'Failed to load success stories. Please try again.',
  resourcesLoadFailed: 'Failed to load resources. Please try again.',
  courseLoadFailed: 'Failed to load course details. Please try again.',
  adminLoadFailed: 'Failed to load data. Please try again later.',
  adminDeleteFailed: 'Failed to delete item. Please try again.',
  adminSaveFailed: 'Failed to save item. Please try again.',
  adminCreated: 'Item created successfully!',
  adminUpdated: 'Item updated successfully!',
  adminResolved: 'Issue resolved successfully!',
  /** Issue 9: a refund went through the gateway (no spec text; worded like the others). */
  adminRefunded: 'Refund issued successfully!',
  deleteConfirm: 'Are you sure you want to delete this item?',
  paymentStartFailed: 'Failed to initiate payment. Please try again.',
  paymentStarted: 'Payment initiated! Complete the payment to access the course.',
  paymentCompleteFailed: 'Failed to complete payment. Please try again.',
  paymentCompleted: 'Payment completed successfully! You now have access to the course.',
  checkoutSuccess: 'Payment successful! You will receive a confirmation email shortly.',
  checkoutFailed: 'Payment failed. Please try again.',
  /** Issue 9: the student closed the payment gateway's step (no spec text; worded like the failure). */
  checkoutCancelled: 'Payment cancelled. Nothing was charged; you can pay again when you are ready.',
  pageNotFound: 'Page not found',
  adminOnly: 'You need administrator privileges to access this page.',
  instructorOnly: 'You need instructor privileges to access this page.',
  studentOnly: 'This page is only available to students.',
  programsEmptyFiltered: 'No programs found matching your criteria.',
  programsEmpty: 'No programs available at the moment.',
  programsLoading: 'Loading programs...',
  workshopsEmptyUpcoming: 'No upcoming workshops at the moment.',
  workshopsEmptyPast: 'No past workshops available.',
  workshopsEmptyFree: 'No free workshops available.',
  processing: 'Processing...',
  /** Book Free Counseling (docs/deviations.md) has no text in the spec. */
  counselingSent: 'Thank you! Your counseling session request has been received. Our team will contact you shortly.',
  counselingFailed: 'Failed to book your counseling session. Please try again.',
  /** Forgot password (issue 10) has no text in the spec; worded like the other failures. */
  passwordResetRequestFailed: 'Failed to send the reset link. Please try again.',
  passwordResetFailed: 'Failed to set your new password. Please try again.',
  /** The login page's notice after a reset. */
  passwordResetDone: 'Your password has been changed. Log in with your new password.',
  /** Download invoice failed and the server gave no reason (no text in the spec). */
  invoiceDownloadFailed: 'The invoice could not be downloaded. Please try again.',
} as const;

/** The format rules every form shares (payloads.ts applies them; the checkout form shows them too). */
export const FIELD_MESSAGES = {
  emailRequired: 'Email is required.',
  email: 'Enter a valid email address.',
  phoneRequired: 'Phone is required.',
  phone: 'Enter a 10-digit Indian mobile number.',
  /** Registration: WhatsApp or SMS ticked, no number given. */
  phoneForMessages: 'Enter your mobile number for WhatsApp or SMS messages, or untick those boxes.',
} as const;
/** The 429 text: says truthfully how long to wait (the same figure as the Retry-After header). */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please try again in ${wait}.`;
}
