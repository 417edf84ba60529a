import { z } from 'zod';
import {
  MFA_PATHS,
  MfaStatus,
  RecoveryCodes,
  SignedInDevice,
  StepUp,
  TokenPair,
  TotpSetup,
  User,
  type PasswordChangeInput,
  type ProfileInput,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';

/** The account page's calls (contract/mfa.ts). */
export const fetchMfaStatus = () => api.get(MFA_PATHS.status, MfaStatus);
export const fetchDevices = () => api.get(MFA_PATHS.sessions, z.array(SignedInDevice));
/** The account's first second factor sends the current password (unless the login is minutes old). */
export const startTotpSetup = (password?: string) =>
  api.post(MFA_PATHS.totpSetup, password ? { password } : undefined, TotpSetup);
export const confirmTotp = (code: string) => api.post(MFA_PATHS.totpConfirm, { code }, RecoveryCodes);
export const disableTotp = (password: string, code: string) =>
  api.send('POST', MFA_PATHS.totpDisable, { password, code });
export const regenerateCodes = (code: string) => api.post(MFA_PATHS.recoveryCodes, { code }, RecoveryCodes);
export const stepUp = (code: string) => api.post(MFA_PATHS.stepUp, { code }, StepUp);
export const signOutDevice = (id: string) => api.delete(MFA_PATHS.session(id));
export const saveProfile = (input: ProfileInput) =>
  api.send('PATCH', MFA_PATHS.profile, input).then((data) => User.parse(data));

/** A new password ends every login; this one continues with the fresh pair the server answers. */
export async function changePassword(input: PasswordChangeInput): Promise<void> {
  tokenStore.setTokens(await api.post(MFA_PATHS.password, input, TokenPair));
}
