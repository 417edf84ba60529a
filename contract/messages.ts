/**
 * Every user-facing message of the spec's error catalogue (section 8), word for word, plus the
 * server's error texts that design.md section 3 fixes. Both sides import these; never retype them.
 */
export const MESSAGES = {
  loginFailed: 'Login failed. Please try again.',
  /** Sign-up (design.md deviation 4) has no text in the spec; worded like the login failure. */
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
  deleteConfirm: 'Are you sure you want to delete this item?',
  paymentStartFailed: 'Failed to initiate payment. Please try again.',
  paymentStarted: 'Payment initiated! Complete the payment to access the course.',
  paymentCompleteFailed: 'Failed to complete payment. Please try again.',
  paymentCompleted: 'Payment completed successfully! You now have access to the course.',
  checkoutSuccess: 'Payment successful! You will receive a confirmation email shortly.',
  checkoutFailed: 'Payment failed. Please try again.',
  pageNotFound: 'Page not found',
  unexpectedError: 'Unexpected Application Error!',
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
} as const;

/** Texts of the server's error answers (design.md section 3). */
export const SERVER_MESSAGES = {
  badCredentials: 'No active account found with the given credentials',
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenInvalid: 'Given token not valid for any token type',
  refreshInvalid: 'Token is invalid or expired',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  serverError: 'Server error.',
  alreadyEnrolled: 'You are already enrolled in this course.',
  workshopFull: 'This workshop is full.',
  courseUnavailable: 'This course is not available for enrollment.',
  paymentNotPending: 'This payment can no longer be completed.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  bodyTooLarge: 'Request body is too large.',
  invalidJson: 'Request body is not valid JSON.',
} as const;

/** The 429 text: says truthfully how long to wait (the same figure as the Retry-After header). */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please try again in ${wait}.`;
}
