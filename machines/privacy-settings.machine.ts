import { assign, setup } from 'xstate';
import { userMessage, type ConsentPurpose, type ConsentState, type PrivacyRequest } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The student's privacy settings (`/account/privacy`): their consents, each given or withdrawn in one click;
 * the data export download; and the erasure request, confirmed with the password. One thing runs at a
 * time; a failure is shown and the page stays usable. Once an erasure request is received, the page says
 * so (with its due date) and offers nothing more.
 */
export const PRIVACY_SETTINGS_TEXT = {
  loadFailed: 'Could not load your privacy settings. Please try again.',
  saveFailed: 'Could not save your choice. Please try again.',
  exportFailed: 'Could not prepare your data. Please try again.',
  erasureFailed: 'Could not send your erasure request. Please try again.',
  exported: 'Your data has been downloaded as a zip file.',
} as const;

export type PrivacySettingsContext = {
  consents: ConsentState | null;
  request: PrivacyRequest | null;
  /** The last failure's words (the server's, else the page's own text). */
  error: string | null;
  /** Which part failed, so the view shows `error` next to it (decision 068); null with no failure. */
  errorAt: PrivacyPart | null;
  /** A confirmation (the export downloaded). */
  notice: string | null;
};

export type PrivacySettingsEvent =
  | { type: 'privacy.retry' }
  | { type: 'consent.toggle'; purpose: ConsentPurpose; granted: boolean }
  | { type: 'export.run' }
  | { type: 'erasure.submit'; password: string; reason?: string };

/** The page's parts that can fail: the consents, the data export, the erasure request. */
export type PrivacyPart = 'load' | 'consents' | 'export' | 'erasure';

export type ConsentChange = { purpose: ConsentPurpose; granted: boolean };
export type ErasureProof = { password: string; reason?: string };

export const privacySettingsMachine = setup({
  types: {
    context: {} as PrivacySettingsContext,
    events: {} as PrivacySettingsEvent,
  },
  actors: {
    /** GET /classroom/me/consents/. */
    loadConsents: notProvided<ConsentState>('loadConsents'),
    /** POST /classroom/me/consents/ {purpose, granted}. */
    changeConsent: notProvided<ConsentState, ConsentChange>('changeConsent'),
    /** GET /classroom/me/data-export/, saved by the browser. */
    downloadExport: notProvided<void>('downloadExport'),
    /** POST /classroom/me/erasure-request/ {password, reason}. */
    requestErasure: notProvided<PrivacyRequest, ErasureProof>('requestErasure'),
  },
  actions: {
    setConsents: assign((_, params: { consents: ConsentState }) => ({
      consents: params.consents,
      error: null,
      errorAt: null,
    })),
    setRequest: assign((_, params: { request: PrivacyRequest }) => ({
      request: params.request,
      error: null,
      errorAt: null,
    })),
    exported: assign({ notice: PRIVACY_SETTINGS_TEXT.exported, error: null, errorAt: null }),
    clear: assign({ error: null, errorAt: null, notice: null }),
    fail: assign((_, params: { error: unknown; text: string; at: PrivacyPart }) => ({
      error: userMessage(params.error, params.text),
      errorAt: params.at,
    })),
  },
}).createMachine({
  id: 'privacySettings',
  context: { consents: null, request: null, error: null, errorAt: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadConsents',
        src: 'loadConsents',
        onDone: {
          target: 'ready',
          actions: { type: 'setConsents', params: ({ event }) => ({ consents: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: PRIVACY_SETTINGS_TEXT.loadFailed, at: 'load' }),
          },
        },
      },
    },
    loadFailed: {
      on: { 'privacy.retry': { target: 'loading', actions: 'clear' } },
    },
    ready: {
      on: {
        'consent.toggle': { target: 'saving', actions: 'clear' },
        'export.run': { target: 'exporting', actions: 'clear' },
        'erasure.submit': { target: 'erasing', actions: 'clear' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'changeConsent',
        src: 'changeConsent',
        input: ({ event }) => {
          const { purpose, granted } = event as Extract<PrivacySettingsEvent, { type: 'consent.toggle' }>;
          return { purpose, granted };
        },
        onDone: {
          target: 'ready',
          actions: { type: 'setConsents', params: ({ event }) => ({ consents: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: PRIVACY_SETTINGS_TEXT.saveFailed, at: 'consents' }),
          },
        },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'downloadExport',
        src: 'downloadExport',
        onDone: { target: 'ready', actions: 'exported' },
        onError: {
          target: 'ready',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: PRIVACY_SETTINGS_TEXT.exportFailed, at: 'export' }),
          },
        },
      },
    },
    erasing: {
      tags: ['busy'],
      invoke: {
        id: 'requestErasure',
        src: 'requestErasure',
        input: ({ event }) => {
          const { password, reason } = event as Extract<PrivacySettingsEvent, { type: 'erasure.submit' }>;
          return reason ? { password, reason } : { password };
        },
        onDone: {
          target: 'requested',
          actions: { type: 'setRequest', params: ({ event }) => ({ request: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: PRIVACY_SETTINGS_TEXT.erasureFailed, at: 'erasure' }),
          },
        },
      },
    },
    /** The erasure request was received: the view shows its due date. */
    requested: {},
  },
});

/** The privacy settings machine (what a view that runs one needs). */
export type PrivacySettingsLogic = typeof privacySettingsMachine;
