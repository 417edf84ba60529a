import { listMachine, loaderMachine, type ListInput, type LoaderInput } from '../../../machines/index.ts';
import { MESSAGES } from '../../../contract/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, serverError } from '../samples.ts';

/** The first page of a broad search: the server stopped counting at its cap ("10,000+"). */
export const firstPage = {
  items: [{ id: 1 }, { id: 2 }],
  next: '/api/admin/payments/?cursor=WyJhIiwiMjAyNi0xMS0yNVQxMzo0MDoyNS4yMzBaIiw4XQ',
  count: 10_000,
  countCapped: true,
};
export const middlePage = { items: [{ id: 3 }, { id: 4 }], next: '/api/admin/payments/?page=3', count: 5 };
export const lastPage = { items: [{ id: 5 }], next: null, count: 5 };
/** A plain array answer: everything at once, no count. */
export const onlyPage = { items: [{ id: 1 }], next: null };

export const listModel: MachineModel<ListInput> = {
  name: 'list',
  machine: listMachine,
  actors: ['fetchPage'],
  appActions: [],
  inputs: [{ params: { status: 'failed' }, failureText: MESSAGES.adminLoadFailed }],
  events: [
    { type: 'list.reload' },
    { type: 'list.retry' },
    { type: 'list.params', params: { status: 'pending' } },
    { type: 'list.search', params: { search: 'rating' } },
    // The pause after typing: the machine's delayed transition (SEARCH_DELAY_MS), as its event.
    { type: 'xstate.after.searchDelay.list.debouncing' },
    { type: 'list.loadMore' },
    { type: 'xstate.done.actor.fetchPage', output: firstPage },
    { type: 'xstate.done.actor.fetchPage', output: onlyPage },
    { type: 'xstate.error.actor.fetchPage', error: serverError },
    { type: 'xstate.done.actor.fetchNextPage', output: middlePage },
    { type: 'xstate.done.actor.fetchNextPage', output: lastPage },
    { type: 'xstate.error.actor.fetchNextPage', error: networkError },
  ],
  // Appended pages grow for ever; what differs for a user is how many are shown and whether more can come.
  stateKey: (snapshot) => ({
    shown: Math.min(snapshot.context.items.length, 3),
    hasMore: snapshot.context.next !== null,
    error: snapshot.context.error,
    params: snapshot.context.params,
  }),
  // Reload and new params are accepted in every state, so simple paths number in the thousands;
  // shortest paths plus one path per transition walk every transition in a few dozen.
  kind: ['shortest', 'transitions'],
};

export const sampleStats = {
  total_students: 120,
  total_programs: 6,
  total_faculty: 8,
  total_workshops: 4,
  total_revenue: 1250000,
};

export const loaderModel: MachineModel<LoaderInput> = {
  name: 'loader',
  machine: loaderMachine,
  actors: ['load'],
  appActions: [],
  inputs: [{ failureText: MESSAGES.adminLoadFailed }],
  events: [
    { type: 'loader.reload' },
    { type: 'xstate.done.actor.load', output: sampleStats },
    { type: 'xstate.error.actor.load', error: serverError },
  ],
};
