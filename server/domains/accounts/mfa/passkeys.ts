import { createHash } from 'node:crypto';
import type {
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_MESSAGES,
  type AuthenticationResponse,
  type Passkey,
  type RegistrationResponse,
} from '../../../../contract/index.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { UserRow, WebauthnCredentialsTable } from '../../../platform/db/schema.ts';
import { isUniqueViolation } from '../../../platform/lib/db-errors.ts';
import { BusinessError, HttpError, notFound } from '../../../platform/lib/errors.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { webauthn } from '../../../platform/lib/on-first-use.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { createChallengeRepository, createMfaRepository } from '../repositories/mfa.ts';
import { createPasskeyRepository } from '../repositories/passkeys.ts';

/** A ceremony's challenge lives this long (the options' timeout, too). */
export const PASSKEY_CHALLENGE_SECONDS = 300;

/** What a challenge is for: auth_challenges.purpose. */
export type PasskeyPurpose = 'passkey-register' | 'passkey-mfa' | 'passkey-login' | 'passkey-step-up';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const toPasskey = (row: Pick<WebauthnCredentialsTable, 'id' | 'name' | 'created_at' | 'last_used_at'>): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
});

const transportsOf = (row: { transports: string }) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined;

/** A refusal: 400 `{error}` for the signed-in user's ceremonies, 401 `{detail}` for a sign-in. */
const refuse = (status: number, message: string) =>
  status === 400 ? new BusinessError(message) : new HttpError(status, message);

/** The challenge a response's clientDataJSON carries, or null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn Level 3 through @simplewebauthn/server 14, decision record 055). Every ceremony's
 * challenge is 32 random bytes from the library, stored as its SHA-256 in auth_challenges with its
 * purpose and user, and spent by one conditional UPDATE before the response is verified: a response is
 * checked at most once (a replay finds the challenge used). Enrolment, removal and a refused clone are
 * audited (entity "user", the owner's id) in the transaction of the change.
 */
export function createPasskeys(db: Db, config: Config) {
  const { rpId, origin } = config.webauthn;
  const challenges = createChallengeRepository(db);
  const repo = createMfaRepository(db);
  const keys = createPasskeyRepository(db);

  async function storeChallenge(challenge: string, purpose: PasskeyPurpose, userId: number | null) {
    await challenges.create({
      token_hash: sha256(challenge),
      purpose,
      user_id: userId,
      challenge,
      expires_at: new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000).toISOString(),
    });
  }

  /**
   * Spends the challenge a response answers (its purpose and, when given, its user), once; answers it,
   * or throws `status` with "expired or used" (an old, replayed or foreign challenge).
   */
  async function spendChallenge(
    clientDataJSON: string,
    purpose: PasskeyPurpose,
    userId: number | null,
    status: number,
  ): Promise<string> {
    const challenge = challengeOf(clientDataJSON);
    const fail = () => refuse(status, PASSKEY_MESSAGES.challengeInvalid);
    if (!challenge) throw fail();
    const hash = sha256(challenge);
    const row = await challenges.live(hash, purpose, 1);
    if (!row || (userId !== null && row.user_id !== userId)) throw fail();
    if (!(await challenges.use(hash))) throw fail();
    return challenge;
  }

  async function authenticationOptions(
    purpose: PasskeyPurpose,
    userId: number | null,
    userVerification: 'required' | 'preferred',
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allow = userId === null ? undefined : await repo.passkeys(userId);
    if (allow && allow.length === 0) throw new BusinessError(PASSKEY_MESSAGES.none);
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
      userVerification,
      ...(allow ? { allowCredentials: allow.map((row) => ({ id: row.id, transports: transportsOf(row) })) } : {}),
    });
    await storeChallenge(options.challenge, purpose, userId);
    return options;
  }

  return {
    async list(userId: number): Promise<Passkey[]> {
      return (await repo.passkeys(userId)).map(toPasskey);
    },

    /** Options for navigator.credentials.create(): the user's passkeys excluded, a discoverable key preferred. */
    async registrationOptions(user: UserRow): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await repo.passkeys(user.id);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: config.mfaIssuer,
        rpID: rpId,
        userName: user.username,
        userDisplayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username,
        // The user handle: the account's number (no name or address, section 14.6.1), the same for every
        // passkey of the account so an authenticator keeps one discoverable credential per account.
        userID: new TextEncoder().encode(`user:${user.id}`),
        timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await storeChallenge(options.challenge, 'passkey-register', user.id);
      return options;
    },

    /** Verifies a registration and keeps the passkey: the second factor is on from now. */
    async register(user: UserRow, name: string, response: RegistrationResponse): Promise<Passkey> {
      const challenge = await spendChallenge(response.response.clientDataJSON, 'passkey-register', user.id, 400);
      // Loaded outside the try: a package that fails to load is the server's fault, not a refused passkey.
      const { verifyRegistrationResponse } = await webauthn();
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpId,
          // User verification is preferred, not required: a passkey without it still serves as the second
          // factor; signing in with it alone is refused at that time.
          requireUserVerification: false,
        });
      } catch {
        throw new BusinessError(PASSKEY_MESSAGES.notVerified);
      }
      if (!verification.verified) throw new BusinessError(PASSKEY_MESSAGES.notVerified);
      const { credential } = verification.registrationInfo;
      const row = {
        id: credential.id,
        user_id: user.id,
        name,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (response.response.transports ?? []).join(','),
        created_at: nowIso(),
        last_used_at: null,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await createPasskeyRepository(trx).insert(row);
          await createMfaRepository(trx).setEnabled(user.id, true);
          await createAuditRepository(trx).record({
            actorId: user.id,
            action: 'passkey.registered',
            entity: 'user',
            entityId: user.id,
            changes: { passkey: credential.id, name },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new BusinessError(PASSKEY_MESSAGES.notVerified);
        throw error;
      }
      return toPasskey(row);
    },

    /** Removes one of the user's passkeys (404 for anyone else's); the last factor gone turns mfa off. */
    async remove(user: UserRow, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const mfa = createMfaRepository(trx);
        const own = createPasskeyRepository(trx);
        const row = await own.findOwn(user.id, id);
        if (!row) throw notFound();
        await own.remove(id);
        const totp = await mfa.totp(user.id);
        if (!totp?.confirmed_at && (await mfa.passkeyCount(user.id)) === 0) await mfa.setEnabled(user.id, false);
        await createAuditRepository(trx).record({
          actorId: user.id,
          action: 'passkey.removed',
          entity: 'user',
          entityId: user.id,
          changes: { passkey: row.id, name: row.name },
        });
      });
    },

    /** Options for the login's second step or step-up: the user's passkeys only. */
    userAuthenticationOptions: (userId: number, purpose: 'passkey-mfa' | 'passkey-step-up') =>
      authenticationOptions(purpose, userId, 'preferred'),

    /** Options for signing in without a password: any discoverable passkey, the user verified. */
    loginOptions: () => authenticationOptions('passkey-login', null, 'required'),

    /**
     * Verifies an assertion for `purpose` (of `userId`'s passkeys, or any passkey when null) and moves
     * the passkey's signature counter on; answers whose passkey it was. Refusals throw `status`.
     */
    async assert(
      response: AuthenticationResponse,
      purpose: PasskeyPurpose,
      userId: number | null,
      status: number,
    ): Promise<{ userId: number; passkeyId: string }> {
      const challenge = await spendChallenge(response.response.clientDataJSON, purpose, userId, status);
      const row = await keys.find(response.id);
      if (!row || (userId !== null && row.user_id !== userId)) throw refuse(status, PASSKEY_MESSAGES.unknown);
      // Section 7.2 step 6: a user handle, when given, names the passkey's owner.
      const handle = response.response.userHandle;
      if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== `user:${row.user_id}`) {
        throw refuse(status, PASSKEY_MESSAGES.unknown);
      }
      const requireUV = purpose === 'passkey-login';
      // Loaded outside the try: a package that fails to load is the server's fault, not a refused passkey.
      const { verifyAuthenticationResponse } = await webauthn();
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpId,
          requireUserVerification: false,
          // The counter is compared below, after the signature is known to be the authenticator's own.
          credential: { id: row.id, publicKey: Buffer.from(row.public_key, 'base64url'), counter: 0 },
        });
      } catch {
        throw refuse(status, PASSKEY_MESSAGES.notVerified);
      }
      if (!verification.verified) throw refuse(status, PASSKEY_MESSAGES.notVerified);
      const { newCounter, userVerified } = verification.authenticationInfo;
      if (requireUV && !userVerified) throw refuse(status, PASSKEY_MESSAGES.userNotVerified);
      // Section 7.2 step 22 (signCount): a counter that does not go up, when either is not zero, is a sign
      // of a cloned authenticator. Refused and audited; the counter moves only forward, atomically.
      const stored = Number(row.counter);
      const moved =
        ((newCounter === 0 && stored === 0) || newCounter > stored) && (await keys.advance(row.id, newCounter));
      if (!moved) {
        await createAuditRepository(db).record({
          actorId: row.user_id,
          action: 'passkey.counter_regression',
          entity: 'user',
          entityId: row.user_id,
          changes: {
            passkey: row.id,
            stored_counter: stored,
            response_counter: newCounter,
          },
        });
        throw refuse(status, PASSKEY_MESSAGES.cloned);
      }
      return { userId: row.user_id, passkeyId: row.id };
    },
  };
}
export type Passkeys = ReturnType<typeof createPasskeys>;
