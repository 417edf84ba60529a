/**
 * The server's own words (the spec's error texts and the money path's refusals), apart from messages.ts:
 * messages.ts ships with the home page (its manual chunk in vite.config.ts), these with the pages that show
 * them.
 */
/** Texts of the server's error answers (docs/api.md). */
export const SERVER_MESSAGES = {
  badCredentials: 'No active account found with the given credentials',
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenInvalid: 'Given token not valid for any token type',
  refreshInvalid: 'Token is invalid or expired',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  serverError: 'Server error.',
  databaseBusy: 'The server is busy. Please try again in a few seconds.',
  alreadyEnrolled: 'You are already enrolled in this course.',
  workshopFull: 'This workshop is full.',
  workshopStarted: 'This workshop has already taken place, so it can no longer be booked.',
  courseUnavailable: 'This course is not available for enrollment.',
  paymentNotPending: 'This payment can no longer be completed.',
  gatewayUnavailable:
    'The payment service is not answering right now. Nothing was charged; please try again in a minute.',
  gatewayBusy: 'This payment is being prepared. Please try again in a moment.',
  paymentNotReceived:
    'We have not received this payment from the payment gateway. Pay through the checkout, or wait a minute if you have just paid.',
  signatureInvalid: 'This payment could not be verified. If money left your account, contact us with the payment id.',
  orderMismatch: 'This payment confirmation is for a different order.',
  webhookSignatureInvalid: 'Invalid webhook signature.',
  webhookEventIdMissing: 'The X-Razorpay-Event-Id header is required.',
  webhookUnreadable: 'The webhook body could not be read.',
  refundNotCompleted: 'Only a completed payment can be refunded.',
  refundTooMuch: 'The refund is more than what is left to refund.',
  refundKeyRequired: 'An Idempotency-Key header is required for a refund.',
  refundNoGatewayPayment: 'This payment was not taken through the gateway, so it cannot be refunded here.',
  refundInProgress: 'This refund is already being processed.',
  reconciliationNoPayment: 'This event has no payment of ours; refund it from the gateway dashboard.',
  reconciliationResolved: 'This event is already resolved.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  bodyTooLarge: 'Request body is too large.',
  invalidJson: 'Request body is not valid JSON.',
  /** The answer to "Forgot password?", whether or not an account has the address. */
  resetRequested: 'If an account uses this email address, we have sent it a link to set a new password.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
} as const;
