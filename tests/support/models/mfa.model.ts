import { MFA_MESSAGES, type TotpSetup } from '../../../contract/index.ts';
import { stepUpMachine, totpSetupMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { codeInvalid, networkError } from '../samples.ts';

/** The server's set-up answer (a QR code of the otpauth URI). */
export const sampleTotpSetup: TotpSetup = {
  otpauth_url: 'otpauth://totp/Credit%20Careers%20Institute:student?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
};
export const sampleRecoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

/** What a failed second-factor call shows: the server's words, else the fallback. */
export const mfaErrorText = new Map<unknown, string>([
  [codeInvalid, MFA_MESSAGES.codeInvalid],
  [networkError, MFA_MESSAGES.secondFactorFailed],
]);

export const stepUpModel: MachineModel = {
  name: 'step-up',
  machine: stepUpMachine,
  actors: ['verify'],
  appActions: ['proved', 'cancelled'],
  events: [
    { type: 'stepUp.open' },
    { type: 'stepUp.submit', code: '123456' },
    { type: 'stepUp.cancel' },
    { type: 'stepUp.proved' },
    { type: 'xstate.done.actor.verify', output: { step_up_until: '2026-11-25T10:05:00.000Z' } },
    { type: 'xstate.error.actor.verify', error: codeInvalid },
    { type: 'xstate.error.actor.verify', error: networkError },
  ],
};

export const totpSetupModel: MachineModel = {
  name: 'totp-setup',
  machine: totpSetupMachine,
  actors: ['start', 'confirm'],
  appActions: ['enabled'],
  events: [
    { type: 'totp.start', password: 'password123' },
    { type: 'totp.confirm', code: '123456' },
    { type: 'totp.cancel' },
    { type: 'totp.saved' },
    { type: 'xstate.done.actor.start', output: sampleTotpSetup },
    { type: 'xstate.error.actor.start', error: networkError },
    { type: 'xstate.done.actor.confirm', output: { recovery_codes: sampleRecoveryCodes } },
    { type: 'xstate.error.actor.confirm', error: codeInvalid },
    { type: 'xstate.error.actor.confirm', error: networkError },
  ],
};
