import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { loadedListSnapshot, type ListInput, type ListLogic } from '../../machines/list.machine.ts';
import { loadedSnapshot, type LoaderInput, type LoaderLogic } from '../../machines/loader.machine.ts';

/** Runs a list machine, starting `loaded` with the server-rendered items when there are some. */
export function useListMachine<TItem>(list: ListLogic<TItem>, input: ListInput, preloaded?: TItem[]) {
  const [snapshot] = useState(() => (preloaded ? loadedListSnapshot(list, preloaded, input) : undefined));
  return useMachine(list, { input, ...(snapshot ? { snapshot } : {}) });
}

/** Runs a loader machine, starting `loaded` with the server-rendered data when there is some. */
export function useLoaderMachine<TData>(loader: LoaderLogic<TData>, input: LoaderInput, preloaded?: TData) {
  const [snapshot] = useState(() => (preloaded !== undefined ? loadedSnapshot(loader, preloaded, input) : undefined));
  return useMachine(loader, { input, ...(snapshot ? { snapshot } : {}) });
}
