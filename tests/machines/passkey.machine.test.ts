import { describe, expect } from 'vitest';
import { PASSKEY_MESSAGES } from '../../contract/index.ts';
import {
  passkeyErrorText,
  passkeyModel,
  passkeyStart,
  samplePasskeyOptions,
  samplePasskeyResponse,
} from '../support/models/index.ts';
import { sampleStudent } from '../support/samples.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('passkey ceremony machine, generated paths', () => {
  testGeneratedPaths(passkeyModel, (step) => {
    const state = stateOf(step);
    const { error, cancelled, options, response, input } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown };
    expect(step.snapshot.hasTag('busy')).toBe(
      ['requestingOptions', 'waitingForAuthenticator', 'verifying'].includes(state),
    );

    // Each step of the ceremony calls its actor once: the server's options go to the authenticator, and
    // the authenticator's answer (with the passkey's name) to the server.
    const calls = {
      requestingOptions: [{ src: 'options', input: passkeyStart.input }],
      waitingForAuthenticator: [{ src: 'authenticate', input: { options: samplePasskeyOptions } }],
      verifying: [{ src: 'verify', input: { ...passkeyStart.input, response: samplePasskeyResponse } }],
    };
    expect(actorCalls(step.effects)).toEqual(calls[state as keyof typeof calls] ?? []);
    expect(options).toEqual(state === 'waitingForAuthenticator' ? samplePasskeyOptions : null);
    expect(response).toEqual(state === 'verifying' ? samplePasskeyResponse : null);
    expect(input).toEqual(state === 'idle' ? {} : passkeyStart.input);

    // The app hears of a verified ceremony exactly once, with the server's answer.
    expect(actionNames(step.effects)).toEqual(event.type === 'xstate.done.actor.verify' ? ['succeeded'] : []);
    if (event.type === 'xstate.done.actor.verify') {
      expect(step.effects.actions[0]?.params).toEqual({ output: sampleStudent });
    }

    // A dismissed prompt is "cancelled", with its own words; other failures show the server's words.
    expect(cancelled).toBe(state === 'cancelled');
    if (state === 'cancelled') expect(error).toBe(PASSKEY_MESSAGES.cancelled);
    else if (state === 'failed') expect(error).toBe(passkeyErrorText.get(event.error));
    else expect(error).toBeNull();
  });
});
