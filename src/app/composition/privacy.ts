import { fromPromise } from 'xstate';
import type { ConsentState, Policy, PrivacyRequest } from '../../../contract/index.ts';
import { createActionMachine } from '../../../machines/action.machine.ts';
import {
  privacySettingsMachine,
  type ConsentChange,
  type ErasureProof,
} from '../../../machines/privacy-settings.machine.ts';
import {
  changeConsent,
  confirmGuardian,
  downloadDataExport,
  fetchConsents,
  fetchPolicy,
  requestErasure,
} from '../../features/privacy/api/privacy-api.ts';
import { loaderOf } from './lists.ts';

export const policyLoader = loaderOf<Policy>((params) => fetchPolicy(String(params.slug)));

export const appPrivacySettings = privacySettingsMachine.provide({
  actors: {
    loadConsents: fromPromise<ConsentState, void>(() => fetchConsents()),
    changeConsent: fromPromise<ConsentState, ConsentChange>(({ input }) => changeConsent(input.purpose, input.granted)),
    downloadExport: fromPromise<void, void>(() => downloadDataExport()),
    requestErasure: fromPromise<PrivacyRequest, ErasureProof>(({ input }) => requestErasure(input)),
  },
});

/** The parent's link: one run of POST /auth/guardian-confirm/ with the link's token. */
export const guardianConfirmation = (token: string) =>
  createActionMachine<void>().provide({ actors: { run: fromPromise<void, void>(() => confirmGuardian(token)) } });
