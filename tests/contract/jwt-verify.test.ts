import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from '../../server/domains/accounts/jws.ts';

/**
 * The server checks HS256 tokens with node:crypto instead of jose (a thread-pool hop per refresh). For
 * every token below it must decide as jose's jwtVerify with `algorithms: ['HS256']` does.
 */
const key = new TextEncoder().encode('a-secret-of-the-institute-that-is-long-enough');
const otherKey = new TextEncoder().encode('another-secret-entirely-0000000000000000');
const now = Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (input: string, secret = key) => createHmac('sha256', secret).update(input).digest('base64url');
/** A token from raw parts, signed over exactly these encoded parts. */
const handMade = (header: unknown, claims: unknown, secret = key) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${hmac(input, secret)}`;
};
const claims = { token_type: 'access', user_id: 7, jti: 'abc', iat: now - 10, exp: now + 300 };
const joseSigned = (payload: Record<string, unknown>, secret = key, header: Record<string, unknown> = {}) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(secret);

async function joseAccepts(token: string): Promise<boolean> {
  try {
    await jwtVerify(token, key, { algorithms: ['HS256'] });
    return true;
  } catch {
    return false;
  }
}

const cases: Array<[string, () => Promise<string> | string]> = [
  ['a genuine token made by jose', () => joseSigned(claims)],
  ['a genuine token without typ', () => handMade({ alg: 'HS256' }, claims)],
  ['a token without exp', () => handMade({ alg: 'HS256' }, { ...claims, exp: undefined })],
  ['signed with another secret', () => joseSigned(claims, otherKey)],
  ['expired a second ago', () => handMade({ alg: 'HS256' }, { ...claims, exp: now - 1 })],
  ['expiring this very second', () => handMade({ alg: 'HS256' }, { ...claims, exp: now })],
  ['not valid before a later second', () => handMade({ alg: 'HS256' }, { ...claims, nbf: now + 60 })],
  ['valid from now (nbf)', () => handMade({ alg: 'HS256' }, { ...claims, nbf: now })],
  ['exp as a string', () => handMade({ alg: 'HS256' }, { ...claims, exp: String(now + 300) })],
  ['iat as a string', () => handMade({ alg: 'HS256' }, { ...claims, iat: 'yesterday' })],
  ['alg none, no signature', () => `${b64({ alg: 'none' })}.${b64(claims)}.`],
  ['alg HS512 over an HS256 signature', () => handMade({ alg: 'HS512' }, claims)],
  ['alg RS256', () => handMade({ alg: 'RS256' }, claims)],
  ['a crit header', () => handMade({ alg: 'HS256', crit: ['exp'] }, claims)],
  ['b64 false', () => handMade({ alg: 'HS256', b64: false, crit: ['b64'] }, claims)],
  [
    'a tampered payload',
    async () => {
      const [header, , signature] = (await joseSigned(claims)).split('.');
      return `${header}.${b64({ ...claims, user_id: 1 })}.${signature}`;
    },
  ],
  [
    'a signature with a character outside base64url',
    async () => {
      const token = await joseSigned(claims);
      return `${token.slice(0, -2)}!${token.slice(-2)}`;
    },
  ],
  ['a truncated signature', async () => (await joseSigned(claims)).slice(0, -4)],
  ['a payload that is an array', () => handMade({ alg: 'HS256' }, [1, 2])],
  [
    'a payload that is not JSON',
    () => `${b64({ alg: 'HS256' })}.bm90IGpzb24.${hmac(`${b64({ alg: 'HS256' })}.bm90IGpzb24`)}`,
  ],
  ['two parts', () => `${b64({ alg: 'HS256' })}.${b64(claims)}`],
  ['four parts', async () => `${await joseSigned(claims)}.x`],
  ['not a JWT at all', () => 'hello'],
  ['empty', () => ''],
];

describe('verifyHs256 decides as jose does', () => {
  it.each(cases)('%s', async (_label, make) => {
    const token = await make();
    const accepted = await joseAccepts(token);
    expect(verifyHs256(token, key) !== null).toBe(accepted);
  });

  it('answers the claims of a genuine token', async () => {
    expect(verifyHs256(await joseSigned(claims), key)).toEqual(claims);
  });

  it('the cases include both answers', async () => {
    const answers = await Promise.all(cases.map(async ([, make]) => joseAccepts(await make())));
    expect(answers.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    expect(answers.filter((a) => !a).length).toBeGreaterThanOrEqual(15);
  });
});
