import { fromPromise } from 'xstate';
import { createListMachine, type FetchPageInput, type ListPage } from '../../../machines/list.machine.ts';
import { createLoaderMachine, type LoadInput } from '../../../machines/loader.machine.ts';

/** A list machine specialised by its fetcher (cypress-realworld-app style). */
export function listOf<T>(fetchPage: (input: FetchPageInput) => Promise<ListPage<T>>) {
  return createListMachine<T>().provide({
    actors: { fetchPage: fromPromise<ListPage<T>, FetchPageInput>(({ input }) => fetchPage(input)) },
  });
}

/** A whole-list fetcher (a plain array answer) as one page. */
export function wholeList<T>(fetchAll: (params: Record<string, unknown>) => Promise<T[]>) {
  return listOf<T>(async ({ params }) => ({ items: await fetchAll(params), next: null }));
}

/** A one-shot loader specialised by its load function. */
export function loaderOf<T>(load: (params: Record<string, unknown>) => Promise<T>) {
  return createLoaderMachine<T>().provide({
    actors: { load: fromPromise<T, LoadInput>(({ input }) => load(input.params)) },
  });
}
