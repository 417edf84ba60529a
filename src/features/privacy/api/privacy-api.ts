import { ConsentState, Policy, PRIVACY_API, PrivacyRequest, type ConsentPurpose } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

export const fetchPolicy = (slug: string) => api.get(PRIVACY_API.policy(slug), Policy);
export const fetchConsents = () => api.get(PRIVACY_API.consents, ConsentState);
export const changeConsent = (purpose: ConsentPurpose, granted: boolean) =>
  api.post(PRIVACY_API.consents, { purpose, granted }, ConsentState);
export const downloadDataExport = () =>
  api.download(PRIVACY_API.dataExport, `my-data-${new Date().toISOString().slice(0, 10)}.zip`);
export const requestErasure = (proof: { password: string; reason?: string }) =>
  api.post(PRIVACY_API.erasureRequest, proof, PrivacyRequest);
export const confirmGuardian = async (token: string) => {
  await api.send('POST', PRIVACY_API.guardianConfirm, { token });
};
