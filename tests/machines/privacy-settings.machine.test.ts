import { describe, expect } from 'vitest';
import { PRIVACY_SETTINGS_TEXT } from '../../machines/index.ts';
import {
  privacySettingsModel,
  sampleConsents,
  sampleErasure,
  withdrawnConsents,
  wrongPassword,
} from '../support/models/index.ts';
import { networkError, serverError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

const BUSY = ['loading', 'saving', 'exporting', 'erasing'];

describe('privacy settings machine, generated paths', () => {
  testGeneratedPaths(privacySettingsModel, (step) => {
    const state = stateOf(step);
    const { consents, request, error, notice } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; output?: unknown; purpose?: string };
    const before = step.previous ? String(step.previous.value) : null;

    expect(step.snapshot.hasTag('busy')).toBe(BUSY.includes(state));
    if (step.index === 0) {
      expect(state).toBe('loading');
      expect(actorCalls(step.effects)).toEqual([{ src: 'loadConsents', input: undefined }]);
    }
    switch (event.type) {
      case 'xstate.done.actor.loadConsents':
        expect([state, consents, error]).toEqual(['ready', sampleConsents, null]);
        break;
      case 'xstate.error.actor.loadConsents':
        expect(state).toBe('loadFailed');
        expect(error).toBe(PRIVACY_SETTINGS_TEXT.loadFailed);
        expect(networkError).toBe(event.error);
        break;
      case 'privacy.retry':
        if (before === 'loadFailed') {
          expect(state).toBe('loading');
          expect(actorCalls(step.effects)).toEqual([{ src: 'loadConsents', input: undefined }]);
        } else expect(state).toBe(before);
        break;
      case 'consent.toggle':
        if (before === 'ready') {
          // One click: the change is sent at once, nothing asked.
          expect(state).toBe('saving');
          expect(actorCalls(step.effects)).toEqual([
            { src: 'changeConsent', input: { purpose: 'marketing_email', granted: false } },
          ]);
        } else {
          expect(state).toBe(before);
          expect(actorCalls(step.effects)).toEqual([]);
        }
        break;
      case 'xstate.done.actor.changeConsent':
        expect([state, consents, error]).toEqual(['ready', withdrawnConsents, null]);
        break;
      case 'xstate.error.actor.changeConsent':
        expect(state).toBe('ready');
        expect(error).toBe(PRIVACY_SETTINGS_TEXT.saveFailed);
        expect(serverError).toBe(event.error);
        break;
      case 'export.run':
        if (before === 'ready') {
          expect(state).toBe('exporting');
          expect(actorCalls(step.effects)).toEqual([{ src: 'downloadExport', input: undefined }]);
        } else expect(state).toBe(before);
        break;
      case 'xstate.done.actor.downloadExport':
        expect([state, notice, error]).toEqual(['ready', PRIVACY_SETTINGS_TEXT.exported, null]);
        break;
      case 'xstate.error.actor.downloadExport':
        expect([state, error]).toEqual(['ready', PRIVACY_SETTINGS_TEXT.exportFailed]);
        break;
      case 'erasure.submit':
        if (before === 'ready') {
          expect(state).toBe('erasing');
          expect(actorCalls(step.effects)).toEqual([
            { src: 'requestErasure', input: { password: 'student123', reason: 'leaving' } },
          ]);
        } else expect(state).toBe(before);
        break;
      case 'xstate.done.actor.requestErasure':
        expect([state, request, error]).toEqual(['requested', sampleErasure, null]);
        break;
      case 'xstate.error.actor.requestErasure':
        // The server's words (a wrong password) are shown as they are.
        expect(state).toBe('ready');
        expect(error).toBe('That password is not right. Enter the password you log in with.');
        expect(wrongPassword).toBe(event.error);
        break;
    }
  });
});
