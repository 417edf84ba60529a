import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, DELIVERY_PATHS, DELIVERY_MESSAGES, MESSAGES, type Batch, type Enrollment } from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin, enrollment, program } from './support/fixtures.ts';
import { expectRefusalAt } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';

/** The Enrollments tab's Move to batch (decision record 044): another batch of the same program, audited. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const batch = (overrides: Partial<Batch>): Batch => ({
  id: 7,
  course: 1,
  name: 'January weekend',
  starts_on: '2026-10-03',
  ends_on: '2027-01-30',
  seats: 30,
  seats_taken: 22,
  seats_left: 8,
  mode: 'hybrid',
  location: 'Andheri East, Mumbai',
  instructor: null,
  is_open: false,
  ...overrides,
});
// The enrollment's own batch (running, closed), and the other batches of its program.
const NOW = batch({});
const FEB = batch({ id: 8, name: 'February evening', starts_on: '2099-02-01', ends_on: '2099-05-30', is_open: true });
const MARCH = batch({
  id: 9,
  name: 'March weekend',
  starts_on: '2099-03-06',
  ends_on: '2099-06-26',
  seats: 20,
  seats_taken: 20,
  seats_left: 0,
  mode: 'online',
  is_open: true,
});
const APRIL = batch({
  id: 10,
  name: 'April classroom',
  starts_on: '2099-04-04',
  ends_on: '2099-07-31',
  mode: 'classroom',
});
const ref = (b: Batch) => ({ id: b.id, name: b.name, starts_on: b.starts_on, ends_on: b.ends_on });
const PRIYA = enrollment({ id: 9, batch: ref(NOW) });
const WORKSHOP = enrollment({
  id: 10,
  course: 4,
  course_type: 'workshop',
  program: null,
  workshop: { id: 4, title: 'Excel for credit analysts' },
});
const NO_BATCH = enrollment({ id: 11, course: 2, program: { id: 2, title: 'NBFC Incubator' } });
const page = (results: Enrollment[]) => ({ count: results.length, next: null, previous: null, results });
const MOVE = `POST ${DELIVERY_PATHS.adminEnrollmentBatch(9)}`;

function enrollmentsTab(routes: Record<string, Handler>) {
  return renderApp('/admin?tab=enrollments', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.faculty.list}`]: ok([]),
      [`GET ${API.admin.users}`]: ok(page([]) as never),
      [`GET ${API.programs.list}`]: ok([program()]),
      [`GET ${DELIVERY_PATHS.adminBatches}`]: ok([NOW, FEB, MARCH, APRIL]),
      ...routes,
    },
  });
}

const rowOf = (name: RegExp) => screen.findByRole('row', { name });

describe('Enrollments tab: Move to batch', () => {
  it('is offered on a program enrollment with a batch only, and the row shows the batch', async () => {
    enrollmentsTab({ [`GET ${API.admin.enrollments}`]: ok(page([PRIYA, WORKSHOP, NO_BATCH])) });
    const row = await rowOf(/Credit Analyst Program/);
    expect(within(row).getByRole('cell', { name: /January weekend/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Move to batch' })).toBeInTheDocument();
    expect(
      within(await rowOf(/Excel for credit analysts/)).queryByRole('button', { name: 'Move to batch' }),
    ).toBeNull();
    expect(within(await rowOf(/NBFC Incubator/)).queryByRole('button', { name: 'Move to batch' })).toBeNull();
  });

  it('lists the other batches with dates, mode and seats; full and closed ones cannot be chosen', async () => {
    const { user, api } = enrollmentsTab({ [`GET ${API.admin.enrollments}`]: ok(page([PRIYA])) });
    await user.click(within(await rowOf(/Credit Analyst Program/)).getByRole('button', { name: 'Move to batch' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move to another batch' }));
    const feb = await dialog.findByRole('radio', { name: /February evening/ });
    expect(api.callsTo(`GET ${DELIVERY_PATHS.adminBatches}`).at(-1)!.query.get('course')).toBe('1');
    // The batch the student is in is not a choice.
    expect(dialog.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/February evening.*1 Feb 2099 – 30 May 2099 · Hybrid · 8 seats left$/),
      expect.stringMatching(/March weekend.*Online · 0 seats left · Full$/),
      expect.stringMatching(/April classroom.*Classroom · 8 seats left · Closed for enrollment$/),
    ]);
    expect(feb).toBeEnabled();
    expect(dialog.getByRole('radio', { name: /March weekend/ })).toBeDisabled();
    expect(dialog.getByRole('radio', { name: /April classroom/ })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Move' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose the batch to move this student to.');
    expect(api.callsTo(MOVE)).toHaveLength(0);
  });

  it('moves the enrollment and the row shows its new batch', async () => {
    let moved = false;
    const { user, api } = enrollmentsTab({
      [`GET ${API.admin.enrollments}`]: () => ok(page([moved ? { ...PRIYA, batch: ref(FEB) } : PRIYA])),
      [MOVE]: () => {
        moved = true;
        return ok({ ...PRIYA, batch: ref(FEB) });
      },
    });
    await user.click(within(await rowOf(/Credit Analyst Program/)).getByRole('button', { name: 'Move to batch' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move to another batch' }));
    await user.click(await dialog.findByRole('radio', { name: /February evening/ }));
    await user.click(dialog.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(MOVE)[0]!.body).toEqual({ batch: 8 });
    const row = await rowOf(/Credit Analyst Program/);
    expect(within(row).getByRole('cell', { name: /February evening/ })).toBeInTheDocument();
    expect(within(row).queryByText(/January weekend/)).toBeNull();
    expect(screen.getByText(MESSAGES.adminUpdated)).toBeInTheDocument();
  });

  it('shows the server’s refusal (the batch filled meanwhile) and keeps the dialog and the row', async () => {
    const { user, api } = enrollmentsTab({
      [`GET ${API.admin.enrollments}`]: ok(page([PRIYA])),
      [MOVE]: fail(400, { error: DELIVERY_MESSAGES.batchFull }),
    });
    await user.click(within(await rowOf(/Credit Analyst Program/)).getByRole('button', { name: 'Move to batch' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move to another batch' }));
    await user.click(await dialog.findByRole('radio', { name: /February evening/ }));
    await user.click(dialog.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo(MOVE)).toHaveLength(1));
    // The dialog's banner takes the focus; the reason is at the batch choice it is about.
    await expectRefusalAt(MESSAGES.adminSaveFailed, () =>
      screen.getByRole('dialog', { name: 'Move to another batch' }),
    );
    expect(dialog.getByRole('group')).toHaveAccessibleDescription(DELIVERY_MESSAGES.batchFull);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(within(await rowOf(/Credit Analyst Program/)).getByRole('cell', { name: /January weekend/ })).toBeVisible();
  });
});
