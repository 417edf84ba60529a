import { describe, expect, it } from 'vitest';
import { secretsInLog } from '../../scripts/run-log-secrets.ts';

/** The reader that checks a whole API run's log finds what it must (and a clean log stays clean). */
describe('secrets in a log', () => {
  const clean = JSON.stringify({
    level: 30,
    reqId: 'a1',
    method: 'POST',
    url: '/auth/token/',
    msg: 'request',
  });

  it('passes a log of method, URL, status, response times and redacted fields', () => {
    const redacted = JSON.stringify({ req: { headers: { authorization: '[redacted]' } }, password: '[redacted]' });
    const timed = '{"method":"GET","url":"/api/me/","status":200,"ms":0.556,"userId":7,"msg":"request"}';
    // Request lines as server/platform/lib/request-log.ts writes them: route patterns, query names without values.
    const patterns = [
      '{"method":"GET","url":"/classroom/calendar/:token/feed.ics","status":200,"msg":"request"}',
      '{"method":"GET","url":"/api/admin/payments/?search=[removed]&page=[removed]","status":200,"msg":"request"}',
      '{"method":"GET","url":"/reset-password?token=[removed]","status":200,"msg":"request"}',
      '{"method":"GET","url":"/programs/credit-analyst-certification-2026/","status":200,"msg":"request"}',
    ];
    // Request ids are random UUIDs, whose digit groups can look like a card number split by hyphens.
    const ids = ['41110123-4567-4890-a123-456789abcdef', 'c0ffee00-4000-4123-8123-4567abcdef01'].map((reqId) =>
      JSON.stringify({ reqId, msg: 'request' }),
    );
    expect(secretsInLog([clean, redacted, timed, ...patterns, ...ids].join('\n'))).toEqual([]);
  });

  it.each([
    ['a JSON Web Token', '{"msg":"token eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ"}'],
    ['a secret field with its value', '{"body":{"username":"priya","password":"hunter2hunter2"}}'],
    ['a secret field with its value', '{"headers":{"authorization":"Token abc"}}'],
    ['a card number', '{"msg":"card 4111 1111 1111 1111 declined"}'],
    ['a card number', '{"body":{"card":"4111-1111-1111-1111"}}'],
    ['a card number', '{"msg":"card=5555555555554444"}'],
    ['a password the tests use', '{"msg":"login student/student123"}'],
    ['a TOTP seed (otpauth URI)', '{"msg":"otpauth://totp/CCI:asha?secret=JBSWY3DPEHPK3PXP&issuer=CCI"}'],
    ['a secret field with its value', '{"body":{"mfa_token":"k2J9xv0aQ1","code":"123456"}}'],
    ['a secret field with its value', '{"body":{"recovery_code":"abcde-fghjk"}}'],
    ['a query value in a logged URL', '{"url":"/api/admin/payments/?search=asha%40example.in","msg":"request"}'],
    ['a calendar-feed token in a path', '{"url":"/classroom/calendar/Zx81kQ2aP0vB7n/feed.ics","msg":"request"}'],
    ['a reset or confirmation token in a URL', '{"msg":"open /guardian-confirm?token=Q2hvb3NlIGEgdG9rZW4"}'],
    ['a token in a logged path', '{"url":"/api/x/aB3dE5fG7hJ9kL1mN3pQ5rS7/","msg":"request"}'],
    ['a token in a logged path', '{"url":"/api/x/0123456789abcdef0123456789abcdef","msg":"request"}'],
  ])('finds %s', (what, line) => {
    const found = secretsInLog(`${clean}\n${line}`);
    expect(found.map((f) => f.what)).toContain(what);
    expect(found[0]!.line).toBe(2);
  });
});
