import { ApiError, type ConsentState, type PrivacyRequest } from '../../../contract/index.ts';
import { privacySettingsMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, serverError } from '../samples.ts';

export const sampleConsents: ConsentState = {
  notice_version: '2026-11',
  purposes: [
    { purpose: 'marketing_email', label: 'Emails', granted: true },
    { purpose: 'whatsapp', label: 'WhatsApp', granted: false },
    { purpose: 'sms', label: 'SMS', granted: false },
  ],
  minor: false,
  history: [],
};
export const withdrawnConsents: ConsentState = {
  ...sampleConsents,
  purposes: sampleConsents.purposes.map((p) => ({ ...p, granted: false })),
};
export const sampleErasure: PrivacyRequest = {
  id: 4,
  user_id: 2,
  username: 'student',
  kind: 'erasure',
  status: 'received',
  reason: '',
  refusal_reason: '',
  received_at: '2026-11-25T10:00:00.000Z',
  due_at: '2027-02-23T10:00:00.000Z',
  closed_at: null,
};
/** The server's words for a wrong password (shown as they are). */
export const wrongPassword = new ApiError(403, {
  detail: 'That password is not right. Enter the password you log in with.',
});

export const privacySettingsModel: MachineModel = {
  name: 'privacy-settings',
  machine: privacySettingsMachine,
  actors: ['loadConsents', 'changeConsent', 'downloadExport', 'requestErasure'],
  appActions: [],
  events: [
    { type: 'privacy.retry' },
    { type: 'consent.toggle', purpose: 'marketing_email', granted: false },
    { type: 'export.run' },
    { type: 'erasure.submit', password: 'student123', reason: 'leaving' },
    { type: 'xstate.done.actor.loadConsents', output: sampleConsents },
    { type: 'xstate.error.actor.loadConsents', error: networkError },
    { type: 'xstate.done.actor.changeConsent', output: withdrawnConsents },
    { type: 'xstate.error.actor.changeConsent', error: serverError },
    { type: 'xstate.done.actor.downloadExport', output: undefined },
    { type: 'xstate.error.actor.downloadExport', error: networkError },
    { type: 'xstate.done.actor.requestErasure', output: sampleErasure },
    { type: 'xstate.error.actor.requestErasure', error: wrongPassword },
  ],
};
