import { describe, expect } from 'vitest';
import {
  mfaErrorText,
  sampleRecoveryCodes,
  sampleTotpSetup,
  stepUpModel,
  totpSetupModel,
} from '../support/models/index.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('step-up machine, generated paths', () => {
  testGeneratedPaths(stepUpModel, (step) => {
    const state = stateOf(step);
    const event = step.event as { type: string; error?: unknown; code?: string };
    expect(step.snapshot.hasTag('busy')).toBe(state === 'verifying');
    // The code typed is what is sent, once.
    expect(actorCalls(step.effects)).toEqual(
      state === 'verifying' ? [{ src: 'verify', input: { code: '123456' } }] : [],
    );
    // The waiting request is settled exactly once: retried after a proof, given up after Cancel.
    const settled =
      { 'xstate.done.actor.verify': ['proved'], 'stepUp.proved': ['proved'], 'stepUp.cancel': ['cancelled'] }[
        event.type
      ] ?? [];
    expect(actionNames(step.effects)).toEqual(settled);
    // A refused code keeps the modal open with the server's words; opening it again starts clean.
    if (event.type === 'xstate.error.actor.verify') {
      expect(state).toBe('asking');
      expect(step.snapshot.context.error).toBe(mfaErrorText.get(event.error));
    } else if (event.type !== 'stepUp.submit') {
      expect(step.snapshot.context.error).toBeNull();
    }
  });
});

describe('authenticator set-up machine, generated paths', () => {
  testGeneratedPaths(totpSetupModel, (step) => {
    const state = stateOf(step);
    const { setup, recoveryCodes, error } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown };
    expect(step.snapshot.hasTag('busy')).toBe(['starting', 'confirming'].includes(state));
    const calls = {
      starting: [{ src: 'start', input: { password: 'password123' } }],
      confirming: [{ src: 'confirm', input: { code: '123456' } }],
    };
    expect(actorCalls(step.effects)).toEqual(calls[state as keyof typeof calls] ?? []);
    // The QR code shows while scanning and confirming; the recovery codes only once confirmed, until saved.
    expect(setup).toEqual(['scanning', 'confirming'].includes(state) ? sampleTotpSetup : null);
    expect(recoveryCodes).toEqual(state === 'showingCodes' ? sampleRecoveryCodes : []);
    expect(actionNames(step.effects)).toEqual(event.type === 'xstate.done.actor.confirm' ? ['enabled'] : []);
    if (event.type.startsWith('xstate.error.actor')) expect(error).toBe(mfaErrorText.get(event.error));
    if (['totp.cancel', 'totp.saved', 'xstate.done.actor.start', 'xstate.done.actor.confirm'].includes(event.type))
      expect(error).toBeNull();
  });
});
