/**
 * One error type for every failed API call, shared by the API client (which throws it) and the
 * machines (which turn it into the text a user sees). Pure TypeScript: no fetch, no browser.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /**
   * The server's own words for a 4xx answer (`detail`, else `error`, else the first field error), and for
   * a 503 (the payment gateway did not answer: the server says to try again).
   */
  readonly userMessage: string | null;

  constructor(status: number, body: unknown, message?: string) {
    const text = (status > 0 && status < 500) || status === 503 ? serverWords(body) : null;
    super(message ?? text ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.userMessage = text;
  }

  /** Field errors of a 400 validation answer ({field: [messages]}), else {}. */
  get fieldErrors(): Record<string, string> {
    if (!isRecord(this.body) || 'detail' in this.body || 'error' in this.body) return {};
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.body)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
    }
    return out;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function serverWords(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (typeof body.detail === 'string' && body.detail) return body.detail;
  if (typeof body.error === 'string' && body.error) return body.error;
  for (const messages of Object.values(body)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
  }
  return null;
}

/** The text to show for a failed call: the server's words when it gave any, else the spec's fallback. */
export function userMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.userMessage ? error.userMessage : fallback;
}
