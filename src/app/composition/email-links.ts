import { fromPromise } from 'xstate';
import { createActionMachine } from '../../../machines/action.machine.ts';
import { openEmailLink } from '../../features/account/api/email-api.ts';

/** An emailed link's page: one run of POST /auth/email/confirm/ (or /undo/) with the link's token. */
export const emailLinkAction = (kind: 'confirm' | 'undo', token: string) =>
  createActionMachine<void>().provide({
    actors: { run: fromPromise<void, void>(() => openEmailLink(kind, token)) },
  });
