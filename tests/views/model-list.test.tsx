import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise, type EventObject } from 'xstate';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  TestimonialInput,
  type StudentEnrollment,
  type PlacementSummary,
  type Program,
} from '../../contract/index.ts';
import { placementSummary } from './support/fixtures.ts';
import {
  adminModalMachine,
  createListMachine,
  type DeleteItemInput,
  type ListContext,
  type ListPage,
  type SaveItemInput,
} from '../../machines/index.ts';
import { machinePaths, type MachinePath } from '../support/machine-paths.ts';
import { listModel } from '../support/models/index.ts';
import { listOf, loaderOf } from '../../src/app/composition/lists.ts';
import type { AdminMachines } from '../../src/app/composition/admin.ts';
import type { AdminResource } from '../../src/features/admin/tabs/resource-types.ts';
import { AdminTabPanel } from '../../src/features/admin/components/admin-tab-panel.tsx';
import { ProgramsPage } from '../../src/features/catalogue/components/programs-page.tsx';
import { program } from './support/fixtures.ts';
import { inState, replayInView } from './support/replay-view.ts';

const all = machinePaths(listModel.machine, {
  events: listModel.events,
  input: listModel.inputs![0],
  stateKey: listModel.stateKey,
  kind: ['cover'],
});
const userEvents = (path: MachinePath) =>
  new Set(
    path.steps
      .slice(1)
      .map((s) => s.event.type)
      .filter((t) => t.startsWith('list.')),
  );
const only = (path: MachinePath, allowed: string[]) => [...userEvents(path)].every((t) => allowed.includes(t));
/** A catalogue page can change filters, type a search and retry; the admin table can load more, retry and reload (after a save). */
const cataloguePaths = all.filter((p) => only(p, ['list.params', 'list.retry', 'list.search']));
const adminPaths = all.filter(
  (p) =>
    only(p, ['list.loadMore', 'list.retry', 'list.reload']) && !only(p, ['list.params', 'list.retry', 'list.search']),
);

const asPrograms = (event: EventObject) => {
  const page = (event as unknown as { output: ListPage<{ id: number }> }).output;
  return {
    ...page,
    items: page.items.map((item) =>
      program({ id: item.id, title: `Program ${item.id}`, is_featured: false, is_flagship: false }),
    ),
  };
};

describe('list, model-based: generated paths replayed on the Programs page (filters, retry)', () => {
  it('generates paths from the machine', () => expect(cataloguePaths.length).toBeGreaterThan(3));
  for (const path of cataloguePaths) {
    it(path.description, { timeout: 30_000 }, async () => {
      const user = userEvent.setup();
      await replayInView(listModel, path, {
        mount: (fakes) => {
          const list = createListMachine<Program>().provide({ actors: fakes.actors as never });
          const enrollments = loaderOf<StudentEnrollment[]>(async () => []);
          render(
            <MemoryRouter>
              <ProgramsPage
                list={list}
                enrollments={enrollments}
                placement={loaderOf<PlacementSummary>(async () => placementSummary())}
              />
            </MemoryRouter>,
          );
          return null;
        },
        output: asPrograms,
        perform: async (event) => {
          if (event.type === 'list.params') return user.click(screen.getAllByRole('button', { name: 'Advanced' })[0]!);
          if (event.type === 'list.retry') return user.click(screen.getByRole('button', { name: 'Try again' }));
          if (event.type === 'list.search') {
            // A new search text each time (the page sends nothing when the params are unchanged).
            const box = screen.getByLabelText('Search programs') as HTMLInputElement;
            fireEvent.change(box, { target: { value: box.value === 'rating' ? 'ratings' : 'rating' } });
            return;
          }
          // xstate.after.searchDelay.list.debouncing: the pause itself; the page's real timer fires.
        },
        expectState: (expected) => {
          const context = expected.context as ListContext<{ id: number }>;
          if (inState(expected, 'loading')) expect(screen.getByText(MESSAGES.programsLoading)).toBeInTheDocument();
          if (inState(expected, 'failed'))
            expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.programsLoadFailed);
          // While typing pauses are awaited, the programs shown stay.
          if (inState(expected, 'loaded') || inState(expected, 'debouncing')) {
            expect(screen.queryAllByRole('article')).toHaveLength(context.items.length);
            for (const item of context.items)
              expect(screen.getByRole('heading', { name: `Program ${item.id}` })).toBeInTheDocument();
          }
        },
      });
    });
  }
});

type Item = { id: number };
const resource: AdminResource<Item> = {
  key: 'items',
  label: 'Items',
  singular: 'Item',
  item: z.object({ id: z.number() }),
  listPath: '/items/',
  listQuery: {},
  columns: [{ label: 'Name', render: (item) => `Item ${item.id}` }],
  details: (item) => [['Name', `Item ${item.id}`]],
  form: {
    fields: [{ name: 'title', label: 'Title', kind: 'text', required: true }],
    schema: TestimonialInput.pick({ title: true }),
    empty: { title: '' },
    toValues: () => ({ title: 'x' }),
    createPath: '/items/create/',
    updatePath: (id) => `/items/${id}/update/`,
    removePath: (id) => `/items/${id}/delete/`,
  },
};

describe('list, model-based: generated paths replayed on an admin tab (pages as you scroll, retry, reload after a save)', () => {
  it('generates paths from the machine', () => expect(adminPaths.length).toBeGreaterThan(3));
  for (const path of adminPaths) {
    it(path.description, { timeout: 30_000 }, async () => {
      const user = userEvent.setup();
      await replayInView(listModel, path, {
        mount: (fakes) => {
          const machines: AdminMachines = {
            reconciliation: undefined as never,
            gstReturns: undefined as never,
            syncFor: undefined as never,
            summary: undefined as never,
            choices: undefined as never,
            revenue: undefined as never,
            listFor: () =>
              createListMachine<Item>().provide({ actors: fakes.actors as never }) as ReturnType<typeof listOf<Item>>,
            modalFor: (_r, onSaved) =>
              adminModalMachine.provide({
                actors: {
                  saveItem: fromPromise<unknown, SaveItemInput>(async () => ({ id: 1 })),
                  deleteItem: fromPromise<unknown, DeleteItemInput>(async () => undefined),
                },
                actions: { itemSaved: () => onSaved() },
              }),
          };
          render(
            <AdminTabPanel
              resource={resource as unknown as AdminResource}
              machines={machines}
              onSaved={() => undefined}
            />,
          );
          return null;
        },
        perform: async (event, _, before) => {
          const context = before.context as ListContext<Item>;
          if (event.type === 'list.retry') return user.click(screen.getByRole('button', { name: 'Try again' }));
          if (event.type === 'list.search') {
            // A new search text each time (the page sends nothing when the params are unchanged).
            const box = screen.getByLabelText('Search programs') as HTMLInputElement;
            fireEvent.change(box, { target: { value: box.value === 'rating' ? 'ratings' : 'rating' } });
            return;
          }
          // xstate.after.searchDelay.list.debouncing: the pause itself; the page's real timer fires.
          if (event.type === 'list.loadMore') {
            // No further page: the area offers nothing to load (the guard refuses the event).
            if (context.next === null || inState(before, 'loaded.loadingMore')) return;
            return user.click(screen.getByRole('button', { name: 'Load more' }));
          }
          if (event.type === 'list.reload') {
            // The app reloads a tab's list after a save.
            await user.click(screen.getByRole('button', { name: 'Add New' }));
            fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(/^Title/), {
              target: { value: 'New item' },
            });
            await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
          }
        },
        expectState: (expected) => {
          const context = expected.context as ListContext<Item>;
          if (inState(expected, 'loading')) expect(screen.getByText('Loading...')).toBeInTheDocument();
          if (inState(expected, 'failed')) expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
          if (!inState(expected, 'loaded')) return;
          const area = within(screen.getByRole('region', { name: 'Items list' }));
          expect(area.getAllByRole('row')).toHaveLength(context.items.length + 1);
          if (context.count !== null)
            expect(
              screen.getByRole('heading', {
                name: `Items (${context.countCapped ? `${context.count.toLocaleString('en-IN')}+` : context.count})`,
              }),
            ).toBeInTheDocument();
          if (inState(expected, 'loaded.loadingMore'))
            expect(area.getByRole('button', { name: 'Loading more...' })).toBeDisabled();
          else if (context.next !== null) expect(area.getByRole('button', { name: 'Load more' })).toBeEnabled();
          else expect(area.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
          if (inState(expected, 'loaded.moreFailed')) expect(area.getByRole('alert')).toHaveTextContent(context.error!);
        },
      });
    });
  }
});

describe('list paths the views cannot take', () => {
  it('are only those mixing filter changes with paging (no list view offers both)', () => {
    const rest = all.filter((p) => !cataloguePaths.includes(p) && !adminPaths.includes(p));
    for (const path of rest) {
      const events = userEvents(path);
      const filtered = events.has('list.params') || events.has('list.search');
      expect(filtered && (events.has('list.loadMore') || events.has('list.reload'))).toBe(true);
    }
  });
});
