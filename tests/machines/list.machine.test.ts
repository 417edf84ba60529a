import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/index.ts';
import { listMachine } from '../../machines/index.ts';
import { createActorFakes, flush } from '../support/actor-fakes.ts';
import { firstPage, lastPage, listModel, middlePage, onlyPage } from '../support/models/index.ts';
import { serverError } from '../support/samples.ts';
import { actorCalls, enteredNewState, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('list machine, generated paths', () => {
  testGeneratedPaths(listModel, (step) => {
    const state = stateOf(step);
    const { items, next, count, error, params } = step.snapshot.context;
    const before = step.previous?.context;
    const event = step.event as {
      type: string;
      output?: { items: unknown[]; next: string | null; count?: number; countCapped?: boolean };
    };

    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || state === 'loaded.loadingMore');
    if (state === 'failed' || state === 'loaded.moreFailed') expect(error).toBe(MESSAGES.adminLoadFailed);
    else expect(error).toBeNull();

    if (event.type === 'xstate.done.actor.fetchPage') {
      // The first page replaces what was shown.
      expect(items).toEqual(event.output!.items);
      expect([next, count]).toEqual([event.output!.next, event.output!.count ?? null]);
      // A count the server stopped at its cap stays marked as a lower bound ("10,000+").
      expect(step.snapshot.context.countCapped).toBe(event.output!.countCapped ?? false);
    } else if (event.type === 'xstate.done.actor.fetchNextPage') {
      // Further pages add to it.
      expect(items).toEqual([...before!.items, ...event.output!.items]);
      expect(next).toBe(event.output!.next);
    } else if (step.index > 0) {
      expect(items).toEqual(before!.items);
    }
    if (event.type === 'list.params') expect(params).toEqual({ status: 'pending' });
    if (event.type === 'list.search') {
      // Typing waits for a pause: nothing is fetched yet, the items shown stay.
      expect(state).toBe('debouncing');
      expect(params).toEqual({ search: 'rating' });
    }
    if (event.type === 'xstate.after.searchDelay.list.debouncing') expect(state).toBe('loading');

    const calls = actorCalls(step.effects);
    if (state === 'loading' && (enteredNewState(step) || event.type.startsWith('list.'))) {
      expect(calls).toEqual([{ src: 'fetchPage', input: { params, cursor: null } }]);
    } else if (state === 'loaded.loadingMore' && enteredNewState(step)) {
      expect(calls).toEqual([{ src: 'fetchPage', input: { params, cursor: before!.next } }]);
    } else {
      expect(calls).toEqual([]);
    }
  });
});

function startList() {
  const fakes = createActorFakes(['fetchPage']);
  const actor = createActor(listMachine.provide({ actors: fakes.actors as never }), {
    input: { failureText: MESSAGES.programsLoadFailed },
  }).start();
  return { actor, fakes };
}

describe('list machine, guards and races', () => {
  it('ignores loadMore when the last page is shown (hasMore false)', async () => {
    const { actor, fakes } = startList();
    fakes.resolve('fetchPage', onlyPage);
    await flush();
    expect(actor.getSnapshot().can({ type: 'list.loadMore' })).toBe(false);
    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'idle' });
    expect(fakes.calls).toHaveLength(1);
  });

  it('ignores a second loadMore while a page is loading', async () => {
    const { actor, fakes } = startList();
    fakes.resolve('fetchPage', firstPage);
    await flush();
    actor.send({ type: 'list.loadMore' });
    actor.send({ type: 'list.loadMore' });
    expect(fakes.calls.map((call) => call.id)).toEqual(['fetchPage', 'fetchNextPage']);
    fakes.resolve('fetchNextPage', middlePage);
    await flush();
    actor.send({ type: 'list.loadMore' });
    fakes.resolve('fetchNextPage', lastPage);
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([...firstPage.items, ...middlePage.items, ...lastPage.items]);
    expect(actor.getSnapshot().context.next).toBeNull();
  });

  it('drops the answer of a load that new filters replaced', async () => {
    const { actor, fakes } = startList();
    actor.send({ type: 'list.params', params: { level: 'advanced' } });
    // The first invocation was stopped; only the second one is waiting.
    expect(fakes.pendingIds()).toEqual(['fetchPage']);
    expect(fakes.calls.map((call) => call.input)).toEqual([
      { params: {}, cursor: null },
      { params: { level: 'advanced' }, cursor: null },
    ]);
    fakes.resolve('fetchPage', onlyPage);
    await flush();
    expect(actor.getSnapshot().context.items).toEqual(onlyPage.items);
  });

  it('shows the failure text the list was given', async () => {
    const { actor, fakes } = startList();
    fakes.reject('fetchPage', serverError);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(MESSAGES.programsLoadFailed);
  });
});
