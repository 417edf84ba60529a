/**
 * What must never be in a log: passwords, tokens, card data. `npm test` keeps the JSON log of every test
 * app of the whole API run (API_RUN_LOG) and reads it with this; a line that matches fails the step.
 */
const SECRETS: { what: string; pattern: RegExp }[] = [
  { what: 'a JSON Web Token', pattern: /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/ },
  { what: 'a bearer credential', pattern: /bearer\s+[\w.-]{16,}/i },
  {
    what: 'a secret field with its value',
    pattern:
      /"(password|new_password|password_confirm|current_password|refresh|access|token|authorization|cookie|card_number|cvv|expiry|razorpay_signature|key_secret|mfa_token|recovery_code|otpauth_url|secret_encrypted)"\s*:\s*"(?!\[redacted\]")[^"]+"/i,
  },
  {
    // Not inside a longer number, a decimal (a response time such as 0.5555829999998423) or a word such as
    // a request id (a UUID such as 41110123-4567-4890-...: its hyphenated groups once read as a card number).
    what: 'a card number',
    pattern: /(?<![\w.-])(?:4111|4000|5555|5104)[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}(?![\w.-])/,
  },
  // A TOTP seed travels only inside the set-up answer's otpauth:// URI (and its QR code).
  { what: 'a TOTP seed (otpauth URI)', pattern: /otpauth:\/\/[^\s"]*secret=/i },
  { what: 'a password the tests use', pattern: /password123|long-enough-1|student123|admin123|N3w-passw0rd/ },
  // Request lines keep the route's pattern and query names only (server/platform/lib/request-log.ts, decision 065).
  { what: 'a query value in a logged URL', pattern: /"url":"[^"?]*\?[^"]*=(?!\[removed\])[^&"]/ },
  { what: 'a calendar-feed token in a path', pattern: /\/calendar\/(?!:token\/)[^/"\s]+\/feed\.ics/ },
  { what: 'a reset or confirmation token in a URL', pattern: /[?&#](?:token|code|key)=(?!\[removed\])[\w-]{8,}/ },
  {
    what: 'a token in a logged path',
    pattern: /"url":"[^"]*\/(?:[0-9a-f]{32,}|(?=[\w~-]*[a-z])(?=[\w~-]*[A-Z])(?=[\w~-]*\d)[\w~-]{20,})(?=[/?"])/,
  },
];

export type Finding = { line: number; what: string; excerpt: string };

export function secretsInLog(text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { what, pattern } of SECRETS) {
      const match = pattern.exec(line);
      if (match)
        findings.push({ line: index + 1, what, excerpt: line.slice(Math.max(0, match.index - 40), match.index + 60) });
    }
  });
  return findings;
}
