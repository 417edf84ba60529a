import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { createMfaFactors } from './factors.ts';
import { createMfaLogin } from './login.ts';
import { createPasskeys } from './passkeys.ts';

export { resolveMfaKey } from './factors.ts';

/** The second factor's services, built once per app (decision record 045). */
export function createMfa(db: Db, config: Config, key: Buffer) {
  const factors = createMfaFactors(db, config, key);
  const passkeys = createPasskeys(db, config);
  return { factors, passkeys, login: createMfaLogin(db, config, factors, passkeys) };
}
