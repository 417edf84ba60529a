import { fromPromise } from 'xstate';
import { createActionMachine } from '../../../machines/action.machine.ts';
import { stepUpMachine } from '../../../machines/step-up.machine.ts';
import { totpSetupMachine } from '../../../machines/totp-setup.machine.ts';
import {
  confirmTotp,
  fetchDevices,
  fetchMfaStatus,
  startTotpSetup,
  stepUp,
} from '../../features/account/api/account-api.ts';
import type { AccountMachines } from '../../features/account/types.ts';
import { loaderOf } from './lists.ts';

export const accountMachines: AccountMachines = {
  status: loaderOf(() => fetchMfaStatus()),
  devices: loaderOf(() => fetchDevices()),
  totpSetup: totpSetupMachine.provide({
    actors: {
      start: fromPromise(({ input }: { input: { password?: string } }) => startTotpSetup(input.password)),
      confirm: fromPromise(({ input }: { input: { code: string } }) => confirmTotp(input.code)),
    },
  }),
  actionOf: <T>(run: () => Promise<T>) =>
    createActionMachine<T>().provide({ actors: { run: fromPromise<T, void>(() => run()) } }),
};

/** The admin panel's step-up modal: POST /auth/step-up/ with the code. */
export const stepUpLogic = stepUpMachine.provide({
  actors: { verify: fromPromise<unknown, { code: string }>(({ input }) => stepUp(input.code)) },
});
