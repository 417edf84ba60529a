import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type RevenueRow } from '../../contract/index.ts';
import { createLoaderMachine, type LoaderContext } from '../../machines/index.ts';
import { modelPaths } from '../support/machine-model.ts';
import { loaderModel, type sampleStats } from '../support/models/index.ts';
import { loaderOf } from '../../src/app/composition/lists.ts';
import type { AdminMachines } from '../../src/app/composition/admin.ts';
import type { AdminChoices } from '../../src/features/admin/tabs/resource-types.ts';
import { AdminPage } from '../../src/features/admin/components/admin-page.tsx';
import { formatINR } from '../../src/utils/format.ts';
import { inState, replayInView } from './support/replay-view.ts';

const paths = modelPaths(loaderModel);

/** The model's sample data as the revenue report would answer it: one month whose gross is the revenue tile's. */
const rowsOf = (stats: typeof sampleStats): RevenueRow[] => [
  {
    key: '2026-11',
    label: 'Nov 2026',
    payments: stats.total_students,
    gross: stats.total_revenue,
    refunded: 0,
    net: stats.total_revenue,
    discount: 0,
  },
];

describe('loader, model-based: generated paths replayed on the Revenue tab (loading, failed and Try again, Refresh)', () => {
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(2));
  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      await replayInView(loaderModel, path, {
        mount: (fakes) => {
          const machines: AdminMachines = {
            summary: loaderOf(() => new Promise(() => undefined)) as never,
            listFor: undefined as never,
            modalFor: undefined as never,
            choices: loaderOf<AdminChoices>(async () => ({ faculty: [], staff: [] })),
            revenue: createLoaderMachine<RevenueRow[]>().provide({ actors: fakes.actors as never }),
            reconciliation: undefined as never,
            gstReturns: undefined as never,
            syncFor: undefined as never,
          };
          render(
            <MemoryRouter initialEntries={['/admin?tab=revenue']}>
              <AdminPage machines={machines} />
            </MemoryRouter>,
          );
          return null;
        },
        output: (event) => rowsOf((event as unknown as { output: typeof sampleStats }).output),
        perform: async (_event, _, before) => {
          if (inState(before, 'failed'))
            return user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
          await user.click(screen.getByRole('button', { name: 'Refresh' }));
        },
        expectState: (expected) => {
          const context = expected.context as LoaderContext<typeof sampleStats>;
          if (inState(expected, 'failed')) {
            expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.adminLoadFailed);
            expect(screen.queryByRole('table')).not.toBeInTheDocument();
          } else expect(screen.queryByText(MESSAGES.adminLoadFailed)).not.toBeInTheDocument();
          if (inState(expected, 'loading')) {
            expect(screen.getByRole('status')).toHaveTextContent('Loading revenue...');
            expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
          }
          if (inState(expected, 'loaded')) {
            const row = within(screen.getByRole('row', { name: /Nov 2026/ }));
            expect(row.getAllByText(formatINR(context.data!.total_revenue))).toHaveLength(2);
          }
        },
      });
    });
  }
});
