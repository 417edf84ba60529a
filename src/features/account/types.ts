import type { ComponentType } from 'react';
import type { MfaStatus, SignedInDevice } from '../../../contract/index.ts';
import type { ActionLogic } from '../../../machines/action.machine.ts';
import type { LoaderLogic } from '../../../machines/loader.machine.ts';
import type { TotpSetupLogic } from '../../../machines/totp-setup.machine.ts';

/** What the account page needs (app/composition supplies it). */
export type AccountMachines = {
  status: LoaderLogic<MfaStatus>;
  devices: LoaderLogic<SignedInDevice[]>;
  totpSetup: TotpSetupLogic;
  /** A form's submission as an action machine: `run` reads the form's current values. */
  actionOf: <T>(run: () => Promise<T>) => ActionLogic<T>;
};

/**
 * One section of /account. The page is the list ACCOUNT_SECTIONS (account-page.tsx): another feature's
 * section (a data-protection one) is one more entry.
 */
export type AccountSection = { id: string; title: string; Component: ComponentType<{ machines: AccountMachines }> };
