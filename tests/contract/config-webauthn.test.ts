import { describe, expect, it } from 'vitest';
import { webauthnFromEnv } from '../../server/domains/accounts/config-webauthn.ts';

describe('the passkeys relying party (WEBAUTHN_ORIGIN, WEBAUTHN_RP_ID)', () => {
  it('defaults to the public origin and its host', () => {
    expect(webauthnFromEnv({}, 'http://localhost:8000')).toEqual({
      origin: 'http://localhost:8000',
      rpId: 'localhost',
    });
    expect(webauthnFromEnv({ PUBLIC_BASE_URL: 'https://www.example.in/institute/' }, 'http://localhost:8000')).toEqual({
      origin: 'https://www.example.in',
      rpId: 'www.example.in',
    });
  });

  it('takes an RP ID that is the origin host or a registrable suffix of it', () => {
    const env = { WEBAUTHN_ORIGIN: 'https://learn.example.in', WEBAUTHN_RP_ID: 'example.in' };
    expect(webauthnFromEnv(env, 'http://localhost:8000')).toEqual({
      origin: 'https://learn.example.in',
      rpId: 'example.in',
    });
  });

  it('refuses at start an RP ID the origin cannot use, or an IP address set on purpose', () => {
    expect(() =>
      webauthnFromEnv({ WEBAUTHN_ORIGIN: 'https://www.example.in', WEBAUTHN_RP_ID: 'other.in' }, ''),
    ).toThrow(/WEBAUTHN_RP_ID/);
    expect(() =>
      webauthnFromEnv({ WEBAUTHN_ORIGIN: 'https://www.example.in', WEBAUTHN_RP_ID: 'ample.in' }, ''),
    ).toThrow(/WEBAUTHN_RP_ID/);
    expect(() => webauthnFromEnv({ WEBAUTHN_ORIGIN: 'http://127.0.0.1:8000' }, '')).toThrow(/IP address/);
    expect(() => webauthnFromEnv({ WEBAUTHN_ORIGIN: 'not a url' }, '')).toThrow(/WEBAUTHN_ORIGIN/);
  });

  it('lets a site reached at an IP address start (passkeys then cannot work there)', () => {
    expect(webauthnFromEnv({ PUBLIC_BASE_URL: 'http://127.0.0.1:8000' }, '')).toEqual({
      origin: 'http://127.0.0.1:8000',
      rpId: '127.0.0.1',
    });
  });
});
