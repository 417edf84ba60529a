import { createHash } from 'node:crypto';

/** A strong validator of the exact bytes of the answer (before any content encoding). */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
