import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, DELETE_IMPACT_PATHS, DELETE_IMPACT_TEXTS as T, MESSAGES } from '../../contract/index.ts';
import { adminPanel, ISSUES, STATS } from './support/admin-panel.ts';
import { fail, ok } from './support/fake-api.ts';
import { admin, courseImpact, faculty, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

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

describe("a faculty member's Delete", () => {
  it('names the courses left without an instructor before Delete is offered (decision 085), and a failed read offers Try again, never the delete', async () => {
    let reads = 0;
    const { user, api } = renderApp('/admin?tab=faculty', {
      user: admin,
      routes: {
        [`GET ${API.adminStats}`]: ok(STATS),
        [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
        [`GET ${API.programs.list}`]: ok([program()]),
        [`GET ${API.faculty.list}`]: ok([faculty()]),
        [`GET ${DELETE_IMPACT_PATHS.faculty(1)}`]: () =>
          ++reads === 1
            ? fail(500, { detail: 'Server error' })
            : ok({ item: T.faculty('Rajesh Iyer'), touches: [T.coursesLoseInstructor([program().title])] }),
        [`DELETE ${API.faculty.remove(1)}`]: { status: 204, body: null },
      },
    });
    const row = await screen.findByRole('row', { name: /Rajesh/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await within(alertDialog()).findByRole('button', { name: 'Try again' }));
    expect(api.callsTo(`DELETE ${API.faculty.remove(1)}`)).toHaveLength(0);
    expect(await within(alertDialog()).findByRole('list', { name: 'What goes with it' })).toHaveTextContent(
      `This course is left without an instructor: “${program().title}”.`,
    );
    expect(alertDialog()).toHaveTextContent('Faculty member Rajesh Iyer');
    await user.click(within(alertDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${API.faculty.remove(1)}`)).toHaveLength(1));
  });
});
