import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (authenticator-app seeds): a fresh 96-bit IV per encryption
 * (NIST SP 800-38D section 8.2), a 128-bit tag, and associated data that binds the ciphertext to its row
 * (a seed copied onto another user's row does not decrypt). Stored as `v1.<iv>.<ciphertext>.<tag>`, each
 * part base64url.
 */
export function sealSecret(key: Buffer, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext of `sealed`; throws when the key, the associated data or the bytes do not match. */
export function openSecret(key: Buffer, sealed: string, associatedData: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || body === undefined || !tag) throw new Error('Not a sealed secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** MFA_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64(url); null when unset. */
export function mfaKeyFromEnv(value: string | undefined): Buffer | null {
  if (!value) return null;
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new Error('MFA_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32).');
  }
  return key;
}
