import {
  ConsentState,
  Policy,
  PRIVACY_PATHS,
  PrivacyRequest,
  type ConsentPurpose,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

export const fetchPolicy = (slug: string) => api.get(PRIVACY_PATHS.policy(slug), Policy);
export const fetchConsents = () => api.get(PRIVACY_PATHS.consents, ConsentState);
export const changeConsent = (purpose: ConsentPurpose, granted: boolean) =>
  api.post(PRIVACY_PATHS.consents, { purpose, granted }, ConsentState);
export const downloadDataExport = () =>
  api.download(PRIVACY_PATHS.dataExport, `my-data-${new Date().toISOString().slice(0, 10)}.zip`);
export const requestErasure = (proof: { password: string; reason?: string }) =>
  api.post(PRIVACY_PATHS.erasureRequest, proof, PrivacyRequest);
export const confirmGuardian = async (token: string) => {
  await api.send('POST', PRIVACY_PATHS.guardianConfirm, { token });
};
