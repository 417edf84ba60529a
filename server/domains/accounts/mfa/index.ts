import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { createMfaFactors, resolveMfaKey } from './factors.ts';
import { createMfaLogin } from './login.ts';
import { createPasskeys } from './passkeys.ts';

import { recoveryCodeKey, upgradeRecoveryCodes } from './recovery-codes.ts';

export { resolveMfaKey } from './factors.ts';

/**
 * The second factor's services, built once per app (decision record 045), with their key: recovery codes
 * still stored as a bare SHA-256 (before decision record 065) are rewritten to the keyed hash first.
 */
export async function createMfa(db: Db, config: Config) {
  const key = await resolveMfaKey(db, config.mfaEncryptionKey);
  await upgradeRecoveryCodes(db, recoveryCodeKey(key));
  const factors = createMfaFactors(db, config, key);
  const passkeys = createPasskeys(db, config);
  return { factors, passkeys, login: createMfaLogin(db, config, factors, passkeys) };
}
