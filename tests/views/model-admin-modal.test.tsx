import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, TestimonialInput } from '../../contract/index.ts';
import { adminModalMachine, adminModalMode, type AdminModalContext } from '../../machines/index.ts';
import { machinePaths } from '../support/machine-paths.ts';
import { adminModalModel, sampleAdminItem } from '../support/models/index.ts';
import { listOf } from '../../src/app/composition/lists.ts';
import type { AdminMachines } from '../../src/app/composition/admin.ts';
import type { AdminResource } from '../../src/features/admin/tabs/resource-types.ts';
import { AdminTabPanel } from '../../src/features/admin/components/admin-tab-panel.tsx';
import { inState, replayInView } from './support/replay-view.ts';

// Shortest paths plus one path per transition walk every transition of the machine in the view;
// the machine tests also walk the (much longer) simple paths.
const paths = machinePaths(adminModalModel.machine, {
  events: adminModalModel.events,
  kind: ['cover'],
});
type Item = { id: number; title: string; total_paise: number; refunded_paise: number; status: string };
// A payment's amounts are in paise (what was charged, GST included): ₹3,000 paid, ₹1,000 refunded.
const item = { ...sampleAdminItem, total_paise: 300000, refunded_paise: 100000, status: 'completed' };

/** A tab with every action: add/edit form (title required), a row's own task, resolve, refund and delete. */
const resource: AdminResource<Item> = {
  key: 'items',
  label: 'Items',
  singular: 'Item',
  item: z.object({
    id: z.number(),
    title: z.string(),
    total_paise: z.number(),
    refunded_paise: z.number(),
    status: z.string(),
  }),
  listPath: '/items/',
  listQuery: {},
  columns: [{ label: 'Title', render: (item) => item.title }],
  details: (item) => [['Title', item.title]],
  form: {
    fields: [{ name: 'title', label: 'Title', kind: 'text', required: true }],
    schema: TestimonialInput.pick({ title: true }),
    empty: { title: '' },
    toValues: (item) => ({ title: item.title }),
    createPath: '/items/create/',
    updatePath: (id) => `/items/${id}/update/`,
    removePath: (id) => `/items/${id}/delete/`,
  },
  resolvePath: (id) => `/items/${id}/resolve/`,
  refund: { path: (id) => `/items/${id}/refund/`, allowed: (i) => i.status === 'completed' },
  rowTask: { label: 'Archive', allowed: () => true, render: (i) => <p>Archive {i.title} for good?</p> },
};

const rowButton = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(sampleAdminItem.title) })).getByRole('button', { name });

describe('admin modal, model-based: every generated path replayed on an admin tab', () => {
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(5));

  for (const path of paths) {
    it(path.description, { timeout: 30_000 }, async () => {
      const user = userEvent.setup();
      const saved = vi.fn();
      await replayInView(adminModalModel, path, {
        mount: (fakes) => {
          const machines: AdminMachines = {
            reconciliation: undefined as never,
            gstReturns: undefined as never,
            syncFor: undefined as never,
            summary: undefined as never,
            choices: undefined as never,
            revenue: undefined as never,
            listFor: () => listOf<{ id: number }>(async () => ({ items: [item], next: null })),
            modalFor: (_resource, onSaved) =>
              adminModalMachine.provide({
                actors: fakes.actors as never,
                actions: {
                  itemSaved: () => {
                    saved();
                    onSaved();
                  },
                },
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
          const context = before.context as AdminModalContext;
          switch (event.type) {
            case 'modal.view':
              return user.click(rowButton('View'));
            case 'modal.task':
              return user.click(rowButton('Archive'));
            case 'modal.edit':
              return user.click(rowButton('Edit'));
            case 'modal.resolve':
              return user.click(rowButton('Resolve'));
            case 'modal.delete':
              return user.click(rowButton('Delete'));
            case 'modal.refund':
              return user.click(rowButton('Refund'));
            case 'modal.add':
              return user.click(screen.getByRole('button', { name: 'Add New' }));
            case 'modal.confirm':
              return user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
            case 'modal.close':
              return user.keyboard('{Escape}');
            case 'notice.dismiss':
              // Nothing shown, nothing to dismiss: a no-op the view cannot send.
              if (!context.notice && !context.error) return;
              return user.click(screen.getAllByRole('button', { name: 'Dismiss message' })[0]!);
            case 'modal.submit': {
              // While saving, the form's buttons are disabled: a submit the view cannot send (nor in a task).
              if (before.tags.includes('saving') || adminModalMode(before.value) === 'task') return;
              const dialog = within(screen.getByRole('dialog'));
              if (adminModalMode(before.value) === 'refund') {
                // The access choice must be made: no default is hidden in the form.
                await user.type(dialog.getByLabelText(/^Reason/), 'Course cancelled');
                await user.click(dialog.getByLabelText(/^Keep access/));
                return user.click(dialog.getByRole('button', { name: 'Refund' }));
              }
              if (adminModalMode(before.value) === 'resolve') {
                await user.selectOptions(dialog.getByLabelText(/^Status/), 'completed');
                return user.click(dialog.getByRole('button', { name: 'Resolve' }));
              }
              fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Credit Analyst Program' } });
              return user.click(dialog.getByRole('button', { name: 'Save' }));
            }
          }
        },
        expectState: (expected) => {
          const context = expected.context as AdminModalContext;
          const mode = adminModalMode(expected.value);
          const open = expected.tags.includes('open');
          const saving = expected.tags.includes('saving');
          if (!open) {
            expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
            expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
            if (context.notice) expect(screen.getByRole('status')).toHaveTextContent(context.notice);
            else expect(screen.queryByRole('status')).not.toBeInTheDocument();
            if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
            else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
            return;
          }
          if (inState(expected, 'confirmingDelete') || inState(expected, 'deleting')) {
            const confirm = within(screen.getByRole('alertdialog'));
            expect(confirm.getByText(MESSAGES.deleteConfirm)).toBeInTheDocument();
            expect(confirm.getByRole('button', { name: saving ? 'Deleting...' : 'Delete' })).toHaveProperty(
              'disabled',
              saving,
            );
            return;
          }
          const dialog = within(screen.getByRole('dialog'));
          const title = {
            view: 'View Item',
            add: 'Add Item',
            edit: 'Edit Item',
            resolve: 'Resolve Item',
            refund: 'Refund Item',
            task: 'Archive',
          }[mode!];
          expect(dialog.getByRole('heading', { name: title })).toBeInTheDocument();
          if (mode === 'view') expect(dialog.queryByRole('textbox')).not.toBeInTheDocument();
          if (mode === 'task') expect(dialog.getByText('Archive Credit Analyst Program for good?')).toBeInTheDocument();
          if (mode === 'add' || mode === 'edit') {
            expect(dialog.getByRole('button', { name: saving ? 'Saving...' : 'Save' })).toHaveProperty(
              'disabled',
              saving,
            );
          }
          if (mode === 'resolve') expect(dialog.getByLabelText(/^Status/)).toHaveProperty('disabled', saving);
          if (mode === 'refund') {
            // What is left to refund (₹3,000 paid, ₹1,000 refunded), and both access choices spelled out.
            expect(dialog.getByText(/left to refund/)).toHaveTextContent('₹2,000');
            expect(dialog.getByLabelText(/^Revoke access/)).toHaveProperty('disabled', saving);
            expect(dialog.getByLabelText(/^Keep access/)).toHaveProperty('disabled', saving);
            expect(dialog.getByRole('button', { name: saving ? 'Refunding...' : 'Refund' })).toHaveProperty(
              'disabled',
              saving,
            );
          }
          if (context.error) expect(dialog.getAllByRole('alert')[0]).toHaveTextContent(context.error);
          // Server field errors show next to the fields the form has (the resolve form has no title).
          if (mode !== 'resolve' && mode !== 'refund')
            for (const message of Object.values(context.fieldErrors))
              expect(dialog.getByText(message)).toBeInTheDocument();
        },
      });
      const savedSteps = path.steps.filter(
        (s) => s.event.type === 'xstate.done.actor.saveItem' || s.event.type === 'xstate.done.actor.deleteItem',
      );
      expect(saved).toHaveBeenCalledTimes(savedSteps.length);
    });
  }
});
