import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { awaitRefresh, tokenRefreshMachine } from '../../machines/index.ts';
import { createActorFakes, flush } from '../support/actor-fakes.ts';
import { tokenRefreshModel } from '../support/models/index.ts';
import { refreshInvalid } from '../support/samples.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('token refresh machine, generated paths', () => {
  testGeneratedPaths(tokenRefreshModel, (step) => {
    const state = stateOf(step);
    const { generation, lastOutcome } = step.snapshot.context;
    const previous = step.previous?.context ?? { generation: 0, lastOutcome: null };
    const type = step.event.type;

    expect(actorCalls(step.effects)).toEqual(
      state === 'refreshing' ? [{ src: 'refreshTokens', input: undefined }] : [],
    );
    if (type === 'xstate.done.actor.refreshTokens') {
      expect(state).toBe('idle');
      // Both tokens are kept: the server retired the refresh token presented.
      expect(step.effects.actions).toEqual([
        { name: 'storeTokens', params: { access: 'new-access-token', refresh: 'new-refresh-token' } },
      ]);
      expect([generation, lastOutcome]).toEqual([previous.generation + 1, 'refreshed']);
    } else if (type === 'xstate.error.actor.refreshTokens') {
      // Both tokens go and the browser goes to /login (spec section 8, 401 on any call).
      expect(state).toBe('failed');
      expect(actionNames(step.effects)).toEqual(['clearTokens', 'redirectToLogin']);
      expect([generation, lastOutcome]).toEqual([previous.generation + 1, 'failed']);
    } else {
      expect(step.effects.actions).toEqual([]);
      expect([generation, lastOutcome]).toEqual([previous.generation, previous.lastOutcome]);
    }
  });
});

function startRefresher() {
  const fakes = createActorFakes(['refreshTokens']);
  const log: string[] = [];
  const actor = createActor(
    tokenRefreshMachine.provide({
      actors: fakes.actors as never,
      actions: {
        storeTokens: (_, params) => log.push(`store ${params.access} ${params.refresh}`),
        clearTokens: () => log.push('clear'),
        redirectToLogin: () => log.push('redirect'),
      },
    }),
  ).start();
  return { actor, fakes, log };
}

describe('awaitRefresh', () => {
  it('lets concurrent 401s share one refresh, and all of them retry', async () => {
    const { actor, fakes, log } = startRefresher();
    const outcomes = Promise.all([awaitRefresh(actor), awaitRefresh(actor), awaitRefresh(actor)]);
    expect(fakes.calls).toHaveLength(1);
    fakes.resolve('refreshTokens', { access: 'fresh', refresh: 'r-fresh' });
    expect(await outcomes).toEqual([true, true, true]);
    expect(log).toEqual(['store fresh r-fresh']);
  });

  it('tells every waiting request that the refresh failed, and clears and redirects once', async () => {
    const { actor, fakes, log } = startRefresher();
    const outcomes = Promise.all([awaitRefresh(actor), awaitRefresh(actor)]);
    fakes.reject('refreshTokens', refreshInvalid);
    expect(await outcomes).toEqual([false, false]);
    expect(log).toEqual(['clear', 'redirect']);
    expect(fakes.calls).toHaveLength(1);
  });

  it('refreshes again after a failure (a later login) and after a success', async () => {
    const { actor, fakes } = startRefresher();
    const first = awaitRefresh(actor);
    fakes.reject('refreshTokens', refreshInvalid);
    expect(await first).toBe(false);
    const second = awaitRefresh(actor);
    fakes.resolve('refreshTokens', { access: 'fresh', refresh: 'r-fresh' });
    expect(await second).toBe(true);
    const third = awaitRefresh(actor);
    await flush();
    expect(fakes.calls).toHaveLength(3);
    fakes.resolve('refreshTokens', { access: 'fresher', refresh: 'r-fresher' });
    expect(await third).toBe(true);
  });

  it('ignores refresh.request while refreshing', () => {
    const { actor, fakes } = startRefresher();
    actor.send({ type: 'refresh.request' });
    actor.send({ type: 'refresh.request' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(fakes.calls).toHaveLength(1);
  });
});
