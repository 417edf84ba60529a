import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES } from '../../contract/index.ts';
import { adminPanel } from './support/admin-panel.ts';
import { ok } from './support/fake-api.ts';
import { courseImpact, program } from './support/fixtures.ts';

/**
 * Programs' and Workshops' Delete (issue 39, decision 077): the confirmation reads what the delete touches
 * first, under the spec's question. A course with payments or enrollments is archived: the dialog says so,
 * counts the students still in it and lists the instalments still due.
 */
const DUE = {
  id: 71,
  enrollment_id: 9,
  title: program().title,
  number: 2,
  of: 3,
  total_paise: 2047500,
  due_on: '2026-12-28',
  overdue: false,
};
const alertDialog = () => screen.getByRole('alertdialog');

async function openDelete(impact: ReturnType<typeof courseImpact>) {
  const panel = adminPanel({
    [`GET ${API.admin.programImpact(program().id)}`]: ok(impact),
    [`DELETE ${API.programs.remove(program().id)}`]: { status: 204, body: null },
  });
  const row = await screen.findByRole('row', { name: new RegExp(program().title) });
  await panel.user.click(within(row).getByRole('button', { name: 'Delete' }));
  return panel;
}

describe("a program's Delete", () => {
  it('with students in it: says it is archived, counts them, lists what is due, and archives from its Delete button', async () => {
    const { user, api } = await openDelete(
      courseImpact({
        outcome: 'archived',
        enrollments: 3,
        active_enrollments: 2,
        has_payments: true,
        unpaid_instalments: [DUE],
        unpaid_total_paise: 2047500,
      }),
    );
    expect(await within(alertDialog()).findByText(/so it is archived, not deleted/)).toBeInTheDocument();
    expect(alertDialog()).toHaveTextContent('Students still in it: 2 (of 3 enrolled ever)');
    expect(within(alertDialog()).getByRole('list', { name: 'Unpaid instalments' })).toHaveTextContent(
      'instalment 2 of 3, ₹20,475.00, due 28 Dec 2026',
    );
    expect(alertDialog()).toHaveTextContent(MESSAGES.deleteConfirm);
    expect(api.callsTo(`DELETE ${API.programs.remove(program().id)}`)).toHaveLength(0);
    await user.click(within(alertDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${API.programs.remove(program().id)}`)).toHaveLength(1));
  });

  it('nobody paid or joined: it is deleted for good, from the Delete button', async () => {
    const { user, api } = await openDelete(courseImpact());
    expect(await within(alertDialog()).findByText(/it is deleted for good/)).toBeInTheDocument();
    expect(within(alertDialog()).queryByRole('list', { name: 'Unpaid instalments' })).toBeNull();
    await user.click(within(alertDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${API.programs.remove(program().id)}`)).toHaveLength(1));
  });
});
