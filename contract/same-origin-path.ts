/**
 * A return address (`/login?next=`, `/register?next=`, the sandbox gateway's `return_url`) as a path on
 * the site's own origin, or null when it is anything else; callers fall back to their default page.
 *
 * Refused: not a string; empty or over 2,000 characters; not starting with exactly one `/` (`//host`,
 * `https:`, `javascript:`, `host/path`); any backslash (browsers read `/\host` as `//host`); any control
 * character or whitespace (browsers drop tabs and line breaks, so `/\t/host` becomes `//host`); an encoded
 * slash or backslash (`/%2F/host`, `%5C`); a malformed percent-encoding (it would throw when decoded);
 * anything a URL parser resolves to another origin.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\s\p{Cc}\p{Cf}]/u.test(value)) return null;
  if (/%(2f|5c)/i.test(value)) return null;
  try {
    decodeURIComponent(value);
  } catch {
    return null;
  }
  const base = 'http://origin.invalid';
  try {
    if (new URL(value, base).origin !== base) return null;
  } catch {
    return null;
  }
  return value;
}
