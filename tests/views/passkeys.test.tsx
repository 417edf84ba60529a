import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MFA_MESSAGES, MFA_PATHS, PASSKEY_MESSAGES, PASSKEY_PATHS, type Passkey } from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The account page's Passkeys section (decision record 055); the ceremonies themselves run in e2e. */
const laptop: Passkey = {
  id: 'cred-1',
  name: 'Work laptop',
  created_at: '2026-11-20T09:00:00Z',
  last_used_at: null,
};
const STATUS = { totp_enabled: false, recovery_codes_left: 0, passkeys: 1, step_up_until: null };
const STEP_UP = fail(403, { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' });

describe('the Passkeys section', () => {
  it('lists the passkeys; removing one asks for a fresh step-up (a code or a passkey), then it is gone', async () => {
    let passkeys = [laptop];
    let stepped = false;
    const { user, api } = renderApp('/account', {
      user: student,
      routes: {
        [`GET ${MFA_PATHS.status}`]: ok(STATUS),
        [`GET ${MFA_PATHS.sessions}`]: ok([]),
        [`GET ${PASSKEY_PATHS.list}`]: () => ok(passkeys),
        [`DELETE ${PASSKEY_PATHS.one('cred-1')}`]: () => {
          if (!stepped) return STEP_UP;
          passkeys = [];
          return { status: 204, body: null };
        },
        [`POST ${MFA_PATHS.stepUp}`]: () => {
          stepped = true;
          return ok({ step_up_until: '2026-11-25T10:05:00.000Z' });
        },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Passkeys' }));
    const list = within(section.getByRole('list', { name: 'Passkeys' }));
    expect(await list.findByText('Work laptop')).toBeInTheDocument();
    expect(list.getByText(/not used yet/)).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Remove passkey Work laptop' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    expect(modal.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await user.type(modal.getByLabelText(/Authentication code/), '123456');
    await user.click(modal.getByRole('button', { name: 'Confirm' }));
    expect(await section.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${PASSKEY_PATHS.one('cred-1')}`)).toHaveLength(2);
  });

  it('asks for a name, and says so when the browser cannot use passkeys', async () => {
    const { user, api } = renderApp('/account', {
      user: student,
      routes: {
        [`GET ${MFA_PATHS.status}`]: ok({ ...STATUS, passkeys: 0 }),
        [`GET ${MFA_PATHS.sessions}`]: ok([]),
        [`GET ${PASSKEY_PATHS.list}`]: ok([]),
        [`POST ${PASSKEY_PATHS.registrationOptions}`]: ok({ challenge: 'Y2hhbGxlbmdl' }),
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Passkeys' }));
    await user.click(section.getByRole('button', { name: 'Add a passkey' }));
    expect(await section.findByText(/Give the passkey a name/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${PASSKEY_PATHS.registrationOptions}`)).toHaveLength(0);

    await user.type(section.getByLabelText('Name of the new passkey'), 'Phone');
    await user.click(section.getByRole('button', { name: 'Add a passkey' }));
    expect(await section.findByText(PASSKEY_MESSAGES.unsupported)).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
  });
});
