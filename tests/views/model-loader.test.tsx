import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/index.ts';
import {
  createLoaderMachine,
  adminModalMachine,
  type DeleteItemInput,
  type LoaderContext,
  type SaveItemInput,
} from '../../machines/index.ts';
import { modelPaths } from '../support/machine-model.ts';
import { loaderModel, type sampleStats } from '../support/models/index.ts';
import { listOf, loaderOf } from '../../src/app/composition/lists.ts';
import type { AdminMachines } from '../../src/app/composition/admin.ts';
import type { AdminSummary } from '../../src/features/admin/api/admin-api.ts';
import type { AdminChoices } from '../../src/features/admin/tabs/resource-types.ts';
import { AdminPage } from '../../src/features/admin/components/admin-page.tsx';
import { formatINR } from '../../src/utils/format.ts';
import { program } from './support/fixtures.ts';
import { inState, replayInView } from './support/replay-view.ts';

const paths = modelPaths(loaderModel);
const issues = { total_issues: 4, failed_payments: 1, pending_enrollments: 3 };
const asSummary = (event: EventObject): AdminSummary => ({
  stats: (event as unknown as { output: typeof sampleStats }).output,
  issues,
});

describe('loader, model-based: generated paths replayed on the admin stat tiles', () => {
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(2));
  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      await replayInView(loaderModel, path, {
        mount: (fakes) => {
          const machines: AdminMachines = {
            reconciliation: undefined as never,
            gstReturns: undefined as never,
            syncFor: undefined as never,
            summary: createLoaderMachine<AdminSummary>().provide({ actors: fakes.actors as never }),
            choices: loaderOf<AdminChoices>(async () => ({ faculty: [], staff: [] })),
            revenue: undefined as never,
            listFor: () => listOf<{ id: number }>(async () => ({ items: [program()], next: null })),
            modalFor: (_r, onSaved) =>
              adminModalMachine.provide({
                actors: {
                  saveItem: fromPromise<unknown, SaveItemInput>(async () => ({})),
                  deleteItem: fromPromise<unknown, DeleteItemInput>(async () => undefined),
                },
                actions: { itemSaved: () => onSaved() },
              }),
          };
          // The admin page keeps its tab and filters in the URL, so it needs a router.
          render(
            <MemoryRouter initialEntries={['/admin']}>
              <AdminPage machines={machines} />
            </MemoryRouter>,
          );
          return null;
        },
        output: asSummary,
        perform: async (_event, _, before) => {
          if (inState(before, 'failed'))
            return user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
          // A loaded summary reloads after any admin write: here a delete.
          await user.click(
            within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', {
              name: 'Delete',
            }),
          );
          await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
        },
        expectState: (expected) => {
          const context = expected.context as LoaderContext<typeof sampleStats>;
          if (inState(expected, 'failed'))
            expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.adminLoadFailed);
          else expect(screen.queryByText(MESSAGES.adminLoadFailed)).not.toBeInTheDocument();
          if (context.data) {
            const tiles = within(screen.getByRole('list', { name: 'Statistics' }));
            expect(tiles.getByText(formatINR(context.data.total_revenue))).toBeInTheDocument();
            expect(tiles.getByText(String(context.data.total_students))).toBeInTheDocument();
            expect(screen.getByText(`Issues: ${issues.total_issues}`)).toBeInTheDocument();
          } else expect(screen.queryByRole('list', { name: 'Statistics' })).not.toBeInTheDocument();
        },
      });
    });
  }
});
