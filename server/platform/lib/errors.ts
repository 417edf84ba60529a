import { rateLimitedMessage, SERVER_MESSAGES } from '../../../contract/index.ts';

/** An answer with `{detail}` (401, 403, 404, 429, ...). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    /** Answer headers that belong to this error (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** A business rule refused the request: 400 `{error}`. */
export class BusinessError extends Error {
  readonly statusCode = 400;
  constructor(readonly error: string) {
    super(error);
    this.name = 'BusinessError';
  }
}

/** The payment gateway did not answer (or payments are not configured): 503 `{error}`, try again later. */
export class ServiceUnavailable extends Error {
  readonly statusCode = 503;
  constructor(readonly error: string) {
    super(error);
    this.name = 'ServiceUnavailable';
  }
}

/** 400 `{field: [messages]}`; body-level problems go under non_field_errors. */
export class ValidationFailed extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: Record<string, string[]>) {
    super('Validation failed');
    this.name = 'ValidationFailed';
  }
}

/** An HttpError whose answer also carries a `code` the client acts on: 403 `{detail, code}`. */
export class CodedHttpError extends HttpError {
  constructor(
    statusCode: number,
    detail: string,
    readonly answerCode: string,
  ) {
    super(statusCode, detail);
  }
}

export const notFound = () => new HttpError(404, SERVER_MESSAGES.notFound);
export const notAuthenticated = () => new HttpError(401, SERVER_MESSAGES.notAuthenticated);
export const tokenInvalid = () => new HttpError(401, SERVER_MESSAGES.tokenInvalid);
export const forbidden = () => new HttpError(403, SERVER_MESSAGES.forbidden);
/** 429 with a truthful Retry-After (whole seconds) and a message that names the same wait. */
export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, rateLimitedMessage(retryAfterSeconds), { 'retry-after': String(retryAfterSeconds) });
