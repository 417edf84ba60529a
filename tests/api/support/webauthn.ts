import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the API tests (WebAuthn Level 3, sections 6.1 and 6.5): an EC P-256 key
 * (COSE alg -7, ES256), authenticator data with the RP ID hash, flags (UP 0x01, UV 0x04, AT 0x40) and a
 * big-endian signature counter, 'none' attestation, and the client data a browser would send.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type Ceremony = {
  /** The origin the "browser" reports in clientDataJSON (default: the server's expected one). */
  origin?: string;
  /** The RP ID whose hash goes into the authenticator data (default: the options' RP ID). */
  rpId?: string;
  /** User verified (default true). */
  uv?: boolean;
  /** The counter to report (default: the authenticator's next). */
  counter?: number;
};

export const TEST_ORIGIN = 'http://localhost:8000';
export const TEST_RP_ID = 'localhost';

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cose: Uint8Array;
  /** The next counter to report; tests may set it (a clone reports an old one). */
  counter = 0;
  /** The user handle the server gave at registration (base64url), answered at discoverable sign-in. */
  userHandle: string | null = null;

  constructor(counterStart = 0) {
    this.counter = counterStart;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // RFC 9053 / 8152 section 13.1.1: kty 2 (EC2), alg -7 (ES256), crv 1 (P-256), x, y.
    this.cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, flags: number, counter: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cose));
    }
    return Buffer.concat(parts);
  }

  /** navigator.credentials.create() for the server's registration options. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, ceremony: Ceremony = {}) {
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin ?? TEST_ORIGIN,
      crossOrigin: false,
    });
    const flags = FLAG_UP | FLAG_AT | (ceremony.uv === false ? 0 : FLAG_UV);
    const authData = this.authData(
      ceremony.rpId ?? options.rp.id ?? TEST_RP_ID,
      flags,
      ceremony.counter ?? this.counter,
      true,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.userHandle = options.user.id;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for the server's authentication options; moves the counter on. */
  assert(options: { challenge: string; rpId?: string }, ceremony: Ceremony = {}) {
    const clientData = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: ceremony.origin ?? TEST_ORIGIN,
      crossOrigin: false,
    });
    if (ceremony.counter === undefined) this.counter += 1;
    const flags = FLAG_UP | (ceremony.uv === false ? 0 : FLAG_UV);
    const authData = this.authData(
      ceremony.rpId ?? options.rpId ?? TEST_RP_ID,
      flags,
      ceremony.counter ?? this.counter,
      false,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
