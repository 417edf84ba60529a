import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  DELETE_IMPACT_PATHS,
  DELETE_IMPACT_TEXTS as T,
  DELIVERY_PATHS,
  DELIVERY_MESSAGES,
  TEACHING_MESSAGES,
  type AdminUser,
  type Batch,
  type Session,
} from '../../contract/index.ts';
import { fail, ok, type FakeRequest } from './support/fake-api.ts';
import { admin, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Batches and Timetable tabs (decision record 044's admin API, now with screens). */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const PYTHON = program({ id: 3, title: 'Python Full Stack' });
const DATA = program({ id: 5, title: 'Data Science' });
const MEERA: AdminUser = {
  id: 21,
  username: 'meera',
  email: 'meera@example.in',
  first_name: 'Meera',
  last_name: 'Iyer',
  email_verified: true,
  profile: { role: 'instructor', is_admin: false, is_instructor: true, is_student: false },
  is_active: true,
  date_joined: '2026-11-01T10:00:00.000Z',
  last_login: null,
  mfa_enabled: false,
};
const JAN: Batch = {
  id: 7,
  course: 3,
  name: 'January weekend',
  starts_on: '2027-01-09',
  ends_on: '2027-04-30',
  seats: 30,
  seats_taken: 12,
  seats_left: 18,
  mode: 'hybrid',
  location: 'Pune',
  instructor: 21,
  is_open: true,
};
const FIRST: Session = {
  id: 40,
  batch: 7,
  title: 'Orientation',
  starts_at: '2027-01-09T19:00:00+05:30',
  duration_minutes: 90,
  location: 'Pune lab 2',
  meeting_url: 'https://meet.example.in/jan',
  meeting_opens_at: '2027-01-09T18:30:00+05:30',
};
const users = (request: FakeRequest) =>
  ok({ count: 1, next: null, previous: null, results: request.query.get('role') === 'instructor' ? [MEERA] : [] });
const base = {
  [`GET ${API.adminStats}`]: ok(STATS),
  [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
  [`GET ${API.faculty.list}`]: ok([]),
  [`GET ${API.programs.list}`]: ok([PYTHON, DATA]),
  [`GET ${API.admin.users}`]: users,
  [`GET ${DELIVERY_PATHS.adminBatches}`]: ok([JAN]),
};

describe('Batches tab', () => {
  it('lists batches with their program, seats and instructor, and filters by program', async () => {
    const { user, api } = renderApp('/admin?tab=batches', { user: admin, routes: base });
    const row = await screen.findByRole('row', { name: /January weekend/ });
    expect(within(row).getByText('12/30')).toBeInTheDocument();
    expect(within(row).getByText('Hybrid')).toBeInTheDocument();
    expect(await within(row).findByText('Python Full Stack')).toBeInTheDocument();
    expect(await within(row).findByText(/Meera Iyer/)).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Program'), 'Data Science');
    await user.click(screen.getByRole('button', { name: /Apply/ }));
    await waitFor(() =>
      expect(api.callsTo(`GET ${DELIVERY_PATHS.adminBatches}`).some((c) => c.query.get('course') === '5')).toBe(true),
    );
  });

  it('creates a batch for a program with an instructor, showing the server’s refusal of the instructor first', async () => {
    let attempts = 0;
    const { user, api } = renderApp('/admin?tab=batches', {
      user: admin,
      routes: {
        ...base,
        [`POST ${DELIVERY_PATHS.adminBatches}`]: () =>
          ++attempts === 1
            ? fail(400, { instructor: [TEACHING_MESSAGES.batchInstructorRole] })
            : { status: 201, body: { ...JAN, id: 8, name: 'March evening' } },
      },
    });
    await screen.findByRole('row', { name: /January weekend/ });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Batch' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is required.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${DELIVERY_PATHS.adminBatches}`)).toHaveLength(0);

    await user.selectOptions(dialog.getByLabelText(/^Program/), 'Python Full Stack');
    await user.type(dialog.getByLabelText(/^Name/), 'March evening');
    await user.type(dialog.getByLabelText(/^Starts on/), '2027-03-01');
    await user.type(dialog.getByLabelText(/^Ends on/), '2027-06-30');
    await user.type(dialog.getByLabelText(/^Seats/), '25');
    await user.selectOptions(dialog.getByLabelText(/^Mode/), 'classroom');
    await user.type(dialog.getByLabelText(/^Location/), 'Pune');
    await user.selectOptions(dialog.getByLabelText(/^Instructor/), 'Meera Iyer (instructor)');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(TEACHING_MESSAGES.batchInstructorRole)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${DELIVERY_PATHS.adminBatches}`)[1]!.body).toEqual({
      course: 3,
      name: 'March evening',
      starts_on: '2027-03-01',
      ends_on: '2027-06-30',
      seats: 25,
      mode: 'classroom',
      location: 'Pune',
      instructor: 21,
      is_open: true,
    });
  });

  it('edits a batch with a partial update (closing it), and shows why a batch with enrollments cannot be deleted', async () => {
    const PATCH = `PATCH ${DELIVERY_PATHS.adminBatch(7)}`;
    const { user, api } = renderApp('/admin?tab=batches', {
      user: admin,
      routes: {
        ...base,
        [PATCH]: ok({ ...JAN, is_open: false }),
        [`DELETE ${DELIVERY_PATHS.adminBatch(7)}`]: fail(400, { error: DELIVERY_MESSAGES.batchHasEnrollments }),
      },
    });
    const row = await screen.findByRole('row', { name: /January weekend/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Batch' }));
    expect(dialog.queryByLabelText(/^Program/)).not.toBeInTheDocument();
    expect(dialog.getByLabelText(/^Seats/)).toHaveValue(30);
    await user.click(dialog.getByLabelText('Open for enrollment'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toMatchObject({ name: 'January weekend', seats: 30, is_open: false });
    expect(api.callsTo(PATCH)[0]!.body).not.toHaveProperty('course');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(screen.getByRole('row', { name: /January weekend/ })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText((text) => text.endsWith(DELIVERY_MESSAGES.batchHasEnrollments))).toBeInTheDocument();
  });
});

describe('Timetable tab (a batch’s sessions)', () => {
  const routes = {
    ...base,
    [`GET ${DELIVERY_PATHS.adminBatch(7)}`]: ok({ ...JAN, sessions: [FIRST] }),
  };

  it('opens from a batch row and shows the sessions in IST, with the zone named', async () => {
    const { user } = renderApp('/admin?tab=batches', { user: admin, routes });
    const row = await screen.findByRole('row', { name: /January weekend/ });
    await user.click(within(row).getByRole('link', { name: 'Sessions' }));
    expect(await screen.findByRole('tab', { name: 'Timetable' })).toHaveAttribute('aria-selected', 'true');
    const session = await screen.findByRole('row', { name: /Orientation/ });
    expect(within(session).getByText(/9 Jan 2027, 7:00 pm IST/i)).toBeInTheDocument();
    expect(within(session).getByText('90 min')).toBeInTheDocument();
    expect(within(session).getByText('https://meet.example.in/jan')).toBeInTheDocument();
  });

  it('adds a session typed in IST (sent with +05:30), edits one and deletes one', async () => {
    const POST = `POST ${DELIVERY_PATHS.adminBatchSessions(7)}`;
    const PATCH = `PATCH ${DELIVERY_PATHS.adminSession(40)}`;
    const DELETE = `DELETE ${DELIVERY_PATHS.adminSession(40)}`;
    const { user, api } = renderApp('/admin?tab=timetable&batch=7', {
      user: admin,
      routes: {
        ...routes,
        [POST]: { status: 201, body: { ...FIRST, id: 41, title: 'Git basics' } },
        [PATCH]: ok({ ...FIRST, duration_minutes: 120 }),
        [`GET ${DELETE_IMPACT_PATHS.session(40)}`]: ok({
          item: T.session('Orientation', 'January weekend'),
          touches: [T.attendanceGoes(12, 10)],
        }),
        [DELETE]: { status: 204 },
      },
    });
    await screen.findByRole('row', { name: /Orientation/ });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add Session' }));
    await user.type(add.getByLabelText(/^Title/), 'Git basics');
    await user.type(add.getByLabelText(/^Starts/), '2027-01-16T19:30');
    await user.click(add.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.callsTo(POST)[0]!.body).toEqual({
      title: 'Git basics',
      starts_at: '2027-01-16T19:30:00+05:30',
      duration_minutes: 60,
      location: '',
      meeting_url: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('row', { name: /Orientation/ })).getByRole('button', { name: 'Edit' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Session' }));
    expect(edit.getByLabelText(/^Starts/)).toHaveValue('2027-01-09T19:00');
    await user.clear(edit.getByLabelText(/^Duration/));
    await user.type(edit.getByLabelText(/^Duration/), '120');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toMatchObject({
      starts_at: '2027-01-09T19:00:00+05:30',
      duration_minutes: 120,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('row', { name: /Orientation/ })).getByRole('button', { name: 'Delete' }));
    // The attendance taken at it is named before Delete is offered (decision record 085).
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(await confirm.findByRole('list', { name: 'What goes with it' })).toHaveTextContent(
      "The attendance taken at it goes: 12 students' marks (10 present). Each student’s attendance is counted again without this class.",
    );
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(DELETE)).toHaveLength(1));
  });

  it('asks for a batch when none is chosen', async () => {
    renderApp('/admin?tab=timetable', { user: admin, routes });
    expect(await screen.findByText('Choose a batch to see and change its sessions.')).toBeInTheDocument();
  });
});
