import { STAFF, type TableClass } from './class.ts';

/**
 * The tables that keep accounts and the system safe (decision record 046): sessions, password resets, rate
 * limits, second factors and passkeys, the audit log and breach records. Part of PERSONAL_DATA.
 */
export const SECURITY_DATA: Record<string, TableClass> = {
  refresh_families: {
    notPersonal: ['generation'],
    withheld: {
      family: 'a login’s secret key',
      user_id: 'the account itself',
      created_at: 'session bookkeeping',
      expires_at: 'session bookkeeping',
      rotated_at: 'session bookkeeping',
      revoked_at: 'session bookkeeping',
    },
  },
  password_resets: {
    notPersonal: ['id'],
    withheld: {
      user_id: 'the account itself',
      token_hash: 'a secret',
      link_nonce: 'a secret',
      expires_at: 'deleted by the retention job',
      used_at: 'deleted by the retention job',
      created_at: 'deleted by the retention job',
    },
  },
  email_links: {
    notPersonal: ['id', 'purpose'],
    withheld: {
      user_id: 'the account itself',
      email: 'the address a link confirms or gives back (in profile and verified_addresses)',
      restore_verified_at: 'when the address an undo gives back was confirmed (in verified_addresses)',
      token_hash: 'a secret',
      link_nonce: 'a secret',
      expires_at: 'deleted by the retention job',
      used_at: 'deleted by the retention job',
      created_at: 'deleted by the retention job',
    },
  },
  rate_events: {
    notPersonal: ['id', 'created_at'],
    withheld: { key: 'a rate-limit key (username or address), kept 24 hours' },
  },
  auth_challenges: {
    withheld: {
      ...{ token_hash: 'a secret', purpose: 'a sign-in step', user_id: 'the account itself', challenge: 'a secret' },
      ...{ attempts: 'a sign-in step', expires_at: 'minutes', used_at: 'minutes', created_at: 'minutes' },
    },
  },
  totp_credentials: {
    withheld: {
      user_id: 'the account itself',
      secret_encrypted: 'the authenticator app’s secret: never shown again after set-up',
      confirmed_at: 'security set-up, shown on the account page',
      last_step: 'security bookkeeping (a code is never accepted twice)',
      created_at: 'security set-up, shown on the account page',
    },
  },
  recovery_codes: {
    notPersonal: ['id'],
    withheld: {
      user_id: 'the account itself',
      code_hash: 'a secret',
      used_at: 'a secret’s use',
      created_at: 'a secret’s age',
    },
  },
  webauthn_credentials: {
    withheld: {
      ...{ id: 'a passkey’s identifier', user_id: 'the account itself', name: 'listed on the account page' },
      ...{
        public_key: 'a passkey’s key',
        counter: 'a passkey’s signature counter',
        transports: 'a passkey’s transports',
      },
      ...{ created_at: 'listed on the account page', last_used_at: 'listed on the account page' },
    },
  },
  audit_log: {
    notPersonal: ['id', 'action', 'entity', 'entity_id', 'created_at'],
    withheld: { actor_id: 'the staff member who acted', changes: `${STAFF}: the record of what staff changed` },
  },
  incidents: {
    notPersonal: [
      'id',
      'aware_at',
      'data_categories',
      'people_affected',
      'description',
      'notice_text',
      'notified_at',
      'notified_count',
      'created_at',
    ],
    withheld: { affected_emails: 'other people’s addresses', created_by: STAFF },
  },
};
