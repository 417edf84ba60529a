import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../contract/index.ts';

describe('sameOriginPath (login next=, the sandbox gateway return_url)', () => {
  it.each([
    '/',
    '/dashboard',
    '/payment/program/3',
    '/programs?search=credit%20analysis&level=beginner',
    '/dashboard?gateway_result=success#top',
    '/programs/3?x=a%3Ab',
  ])('keeps %s', (path) => expect(sameOriginPath(path)).toBe(path));

  it.each([
    ['nothing', null],
    ['a number', 42],
    ['empty', ''],
    ['protocol-relative', '//evil.example/x'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a tab between slashes', '/\t/evil.example'],
    ['a line feed between slashes', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a space', '/ /evil.example'],
    ['a NUL', '/dash\u0000board'],
    ['a zero-width character', '/\u200b/evil.example'],
    ['an encoded slash', '/%2F/evil.example'],
    ['an encoded lower-case slash', '/%2f%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a malformed percent-encoding', '/programs/%E0%A4%A'],
    ['a lone percent', '/100%'],
    ['an absolute https URL', 'https://evil.example/'],
    ['a scheme without slashes', 'https:evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: after a slash-looking start', ' /javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'dashboard'],
    ['a host-looking path', 'evil.example/dashboard'],
    ['over 2000 characters', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_what, value) => expect(sameOriginPath(value)).toBeNull());
});
