import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_PATHS,
  TEACHING_PATHS,
  TEACHING_MESSAGES,
  type AttendanceSheet,
  type TeachBatch,
  type TeachBatchSummary,
} from '../../contract/index.ts';
import { sampleCourse, sampleSheet } from '../support/models/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { student, instructor } from './support/fixtures.ts';
import { expectRefusalAt } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';

const batch: TeachBatch = {
  id: 2,
  name: 'November 2026 weekday evening batch',
  program: { id: 3, title: 'Credit Analysis & Lending' },
  starts_on: '2026-10-01',
  ends_on: '2027-01-31',
  state: 'running',
  mode: 'online',
  location: '',
  instructor: 'Meera Nair',
  students: [
    {
      id: 11,
      name: 'Asha Menon',
      email: 'asha@example.in',
      progress_percentage: 40,
      attendance_percentage: 50,
      assignments_done: 2,
    },
    {
      id: 12,
      name: 'Vikram Rao',
      email: 'vikram@example.in',
      progress_percentage: 10,
      attendance_percentage: null,
      assignments_done: 0,
    },
  ],
  timetable: [
    {
      id: 7,
      title: 'Live class 3: Ratio analysis',
      starts_at: '2026-11-24T19:00:00+05:30',
      duration_minutes: 90,
      location: 'Online',
      started: true,
      marked: true,
      present: 1,
    },
    {
      id: 8,
      title: 'Live class 4: Cash flows',
      starts_at: '2027-01-12T19:00:00+05:30',
      duration_minutes: 90,
      location: 'Online',
      started: false,
      marked: false,
      present: 0,
    },
  ],
  sessions: 2,
  sessions_held: 1,
  sessions_counted: 1,
  held_without_sheet: [],
  lessons: [{ id: 3, title: 'Ratio analysis', module: 'Financial statements' }],
};
// The list answers counts where the batch page answers lists.
const { timetable: _timetable, ...rest } = batch;
const summary: TeachBatchSummary = { ...rest, students: 2 };

const SHEET = `GET ${TEACHING_PATHS.sessionAttendance(7)}`;
const SAVE = `PUT ${TEACHING_PATHS.sessionAttendance(7)}`;

describe('The instructor area', () => {
  it('names the held classes without an attendance sheet: not counted until one is taken (decision 066)', async () => {
    const unsheeted = {
      ...batch.timetable[0]!,
      id: 6,
      title: 'Live class 2: Balance sheets',
      starts_at: '2026-11-17T19:00:00+05:30',
      marked: false,
      present: 0,
    };
    renderApp('/teach/batches/2', {
      user: instructor,
      routes: {
        [`GET ${TEACHING_PATHS.batch(2)}`]: ok({
          ...batch,
          sessions_held: 2,
          held_without_sheet: [unsheeted.title],
          timetable: [unsheeted, ...batch.timetable],
        } satisfies TeachBatch),
      },
    });
    expect(
      await screen.findByText(
        'Held without an attendance sheet (not counted for anyone until you take it): Live class 2: Balance sheets.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/live classes attended of the 1 held class whose attendance was taken/),
    ).toBeInTheDocument();
    // The timetable is a list of class cards (decision 068).
    const timetable = within(screen.getByRole('list', { name: 'Live classes' }));
    expect(timetable.getByRole('listitem', { name: /Balance sheets/ })).toHaveTextContent('No sheet yet (not counted)');
    expect(timetable.getByRole('button', { name: /Take attendance for Live class 2/ })).toBeInTheDocument();
  });

  it('shows an erased student as "account erased", not as a person (decision 066)', async () => {
    const erased = { ...batch.students[1]!, id: 13, name: 'Erased Person', email: 'erased-13@erased.invalid' };
    renderApp('/teach/batches/2', {
      user: instructor,
      routes: { [`GET ${TEACHING_PATHS.batch(2)}`]: ok({ ...batch, students: [...batch.students, erased] }) },
    });
    const students = within(await screen.findByRole('region', { name: 'Students of the batch' }));
    const row = students.getByRole('row', { name: /account erased/ });
    expect(row).not.toHaveTextContent('Erased Person');
    expect(row).not.toHaveTextContent('erased.invalid');
  });

  it('shows a student the server’s words: it is for instructors', async () => {
    renderApp('/teach', {
      user: student,
      routes: { [`GET ${TEACHING_PATHS.batches}`]: fail(403, { detail: TEACHING_MESSAGES.instructorsOnly }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'For instructors' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEACHING_MESSAGES.instructorsOnly);
  });

  it('lists the instructor’s batches and opens one: students, timetable and the Assignments link', async () => {
    const { user, router } = renderApp('/teach', {
      user: instructor,
      routes: {
        [`GET ${TEACHING_PATHS.batches}`]: ok([summary]),
        [`GET ${TEACHING_PATHS.batch(2)}`]: ok(batch),
      },
    });
    await user.click(await screen.findByRole('link', { name: batch.name }));
    expect(router.state.location.pathname).toBe('/teach/batches/2');
    expect(await screen.findByRole('heading', { level: 1, name: batch.name })).toBeInTheDocument();
    const students = within(screen.getByRole('region', { name: 'Students of the batch' }));
    const asha = students.getByRole('row', { name: /Asha Menon/ });
    expect(
      within(asha)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['asha@example.in', '40%', '50%', '2']);
    const timetable = within(screen.getByRole('list', { name: 'Live classes' }));
    expect(timetable.getByRole('listitem', { name: /Cash flows/ })).toHaveTextContent('Not started');
    expect(timetable.getByRole('button', { name: /Correct attendance for Live class 3/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assignments of this batch' })).toHaveAttribute(
      'href',
      '/teach/batches/2/assignments',
    );
  });

  it('takes attendance: ticks, saves the present, shows the answer; a refusal shows the server’s words', async () => {
    const { user, api } = renderApp('/teach/batches/2', {
      user: instructor,
      routes: {
        [`GET ${TEACHING_PATHS.batch(2)}`]: ok(batch),
        [SHEET]: ok(sampleSheet satisfies AttendanceSheet),
        [SAVE]: fail(400, { error: TEACHING_MESSAGES.notAStudent(12) }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Correct attendance for Live class 3/ }));
    const sheet = within(await screen.findByRole('region', { name: /Attendance: Live class 3/ }));
    const asha = await sheet.findByRole('checkbox', { name: /Asha Menon/ });
    const vikram = sheet.getByRole('checkbox', { name: /Vikram Rao/ });
    expect(asha).toBeChecked();
    expect(vikram).not.toBeChecked();
    await user.click(vikram);
    await user.click(sheet.getByRole('button', { name: 'Save attendance' }));
    await expectRefusalAt(TEACHING_MESSAGES.notAStudent(12), () =>
      screen.getByRole('region', { name: /Attendance: Live class 3/ }),
    );
    expect(api.callsTo(SAVE)[0]!.body).toEqual({ present: [11, 12] });

    api.on(SAVE, ok({ present: [11, 12], absent: [] }));
    await user.click(sheet.getByRole('button', { name: 'Try again' }));
    await user.click(sheet.getByRole('button', { name: 'Save attendance' }));
    expect(await sheet.findByText(/Attendance saved: 2 present, 0 absent\./)).toBeInTheDocument();
    expect(sheet.getByRole('checkbox', { name: /Vikram Rao/ })).toBeDisabled();
    await user.click(sheet.getByRole('button', { name: 'Correct the attendance' }));
    expect(sheet.getByRole('checkbox', { name: /Vikram Rao/ })).toBeEnabled();
  });

  it('shows the student their attendance on the course page', async () => {
    const session = sampleCourse.sessions[0]!;
    renderApp('/learn/5', {
      user: student,
      routes: {
        [`GET ${DELIVERY_PATHS.course(5)}`]: ok({
          ...sampleCourse,
          attendance: [{ session: session.id, present: false }],
          attendance_percentage: 0,
        }),
      },
    });
    expect(await screen.findByText(/Your attendance:/)).toHaveTextContent(
      'Your attendance: 0% of the live classes held so far.',
    );
    const timetable = within(screen.getByRole('region', { name: /^Timetable/ }));
    expect(timetable.getByText(/· Absent$/)).toBeInTheDocument();
  });
});
