import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  DELETE_IMPACT_PATHS,
  DELETE_IMPACT_TEXTS as T,
  DELIVERY_PATHS,
  DELIVERY_MESSAGES,
  type Lesson,
} from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { admin, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Curriculum tab: a program's modules and a module's lessons (decision record 044's admin API). */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const PYTHON = program({ id: 3, title: 'Python Full Stack' });
const INTRO: Lesson = {
  id: 90,
  module: 11,
  program: 3,
  title: 'Welcome video',
  kind: 'video',
  body: '',
  url: 'https://video.example.in/welcome',
  file: null,
  file_name: null,
  duration_minutes: 12,
  is_preview: true,
  position: 0,
  completed: false,
};
const BASICS = { id: 11, program: 3, title: 'Python basics', position: 0, lessons: [INTRO] };
const MODULES = `GET ${DELIVERY_PATHS.adminProgramModules(3)}`;
const base = {
  [`GET ${API.adminStats}`]: ok(STATS),
  [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
  [`GET ${API.faculty.list}`]: ok([]),
  [`GET ${API.admin.users}`]: ok({ count: 0, next: null, previous: null, results: [] }),
  [`GET ${API.programs.list}`]: ok([PYTHON]),
  [`GET ${DELIVERY_PATHS.adminBatches}`]: ok([]),
  [MODULES]: ok([BASICS]),
};

describe('Curriculum tab: modules', () => {
  it('asks for a program first, then lists its modules', async () => {
    const { user } = renderApp('/admin?tab=curriculum', { user: admin, routes: base });
    expect(await screen.findByText(/Choose a program to see and change/)).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Program'), 'Python Full Stack');
    await user.click(screen.getByRole('button', { name: /Apply/ }));
    const row = await screen.findByRole('row', { name: /Python basics/ });
    expect(within(row).getByRole('cell', { name: '1' })).toBeInTheDocument();
  });

  it('adds (position empty: at the end), edits and deletes a module', async () => {
    const POST = `POST ${DELIVERY_PATHS.adminProgramModules(3)}`;
    const PATCH = `PATCH ${DELIVERY_PATHS.adminModule(11)}`;
    const DELETE = `DELETE ${DELIVERY_PATHS.adminModule(11)}`;
    const { user, api } = renderApp('/admin?tab=curriculum&program=3', {
      user: admin,
      routes: {
        ...base,
        [POST]: { status: 201, body: { id: 12, program: 3, title: 'Django', position: 1 } },
        [PATCH]: ok({ id: 11, program: 3, title: 'Python first steps', position: 1 }),
        [`GET ${DELETE_IMPACT_PATHS.module(11)}`]: ok({
          item: T.module('Python basics', 'Python Full Stack'),
          touches: [T.lessonsGo(2), T.completionsGo(5, 3)],
        }),
        [DELETE]: { status: 204 },
      },
    });
    await screen.findByRole('row', { name: /Python basics/ });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add Module' }));
    await user.click(add.getByRole('button', { name: 'Save' }));
    expect(await add.findByText('Title is required.')).toBeInTheDocument();
    await user.type(add.getByLabelText(/^Title/), 'Django');
    await user.click(add.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.callsTo(POST)[0]!.body).toEqual({ title: 'Django' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('row', { name: /Python basics/ })).getByRole('button', { name: 'Edit' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Module' }));
    await user.clear(edit.getByLabelText(/^Title/));
    await user.type(edit.getByLabelText(/^Title/), 'Python first steps');
    await user.clear(edit.getByLabelText(/^Position/));
    await user.type(edit.getByLabelText(/^Position/), '1');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ title: 'Python first steps', position: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(screen.getByRole('row', { name: /Python basics/ })).getByRole('button', { name: 'Delete' }),
    );
    // What goes with it is read and listed before Delete is offered (decision record 085).
    const confirm = within(await screen.findByRole('alertdialog'));
    const goes = await confirm.findByRole('list', { name: 'What goes with it' });
    expect(
      within(goes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Its 2 lessons go with it.',
      '5 lesson completions of 3 students go; their course progress is counted again.',
    ]);
    expect(confirm.getByText('Module “Python basics” of Python Full Stack')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(DELETE)).toHaveLength(1));
  });
});

describe('Curriculum tab: lessons of a module', () => {
  it('opens from a module row; adds a document lesson with its file, edits and deletes a lesson', async () => {
    const POST = `POST ${DELIVERY_PATHS.adminModuleLessons(11)}`;
    const FILE = `PUT ${DELIVERY_PATHS.adminLessonFile(91)}`;
    const PATCH = `PATCH ${DELIVERY_PATHS.adminLesson(90)}`;
    const DELETE = `DELETE ${DELIVERY_PATHS.adminLesson(90)}`;
    const NOTES = { ...INTRO, id: 91, title: 'Setup notes', kind: 'document' as const, url: '', position: 1 };
    const { user, api } = renderApp('/admin?tab=curriculum&program=3', {
      user: admin,
      routes: {
        ...base,
        [POST]: { status: 201, body: NOTES },
        [FILE]: ok({ ...NOTES, file: '/x', file_name: 'Setup notes.pdf' }),
        [PATCH]: ok({ ...INTRO, is_preview: false }),
        [`GET ${DELETE_IMPACT_PATHS.lesson(90)}`]: ok({
          item: T.lesson('Welcome video', 'Python basics'),
          touches: [],
        }),
        [DELETE]: { status: 204 },
      },
    });
    await user.click(
      within(await screen.findByRole('row', { name: /Python basics/ })).getByRole('link', { name: 'Lessons' }),
    );
    const lessons = within(await screen.findByRole('region', { name: 'Lessons' }));
    const row = await lessons.findByRole('row', { name: /Welcome video/ });
    expect(within(row).getByText('12 min')).toBeInTheDocument();

    await user.click(lessons.getByRole('button', { name: 'Add New' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add Lesson' }));
    await user.type(add.getByLabelText(/^Title/), 'Setup notes');
    await user.selectOptions(add.getByLabelText(/^Kind/), 'document');
    await user.upload(add.getByLabelText(/^File/), new File(['%PDF-1.4'], 'setup.pdf', { type: 'application/pdf' }));
    await user.click(add.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(FILE)).toHaveLength(1));
    expect(api.callsTo(POST)[0]!.body).toEqual({
      title: 'Setup notes',
      kind: 'document',
      body: '',
      url: '',
      duration_minutes: null,
      is_preview: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(lessons.getByRole('row', { name: /Welcome video/ })).getByRole('button', { name: 'Edit' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Lesson' }));
    await user.click(edit.getByLabelText(/^Free preview/));
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toMatchObject({ title: 'Welcome video', is_preview: false, position: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(lessons.getByRole('row', { name: /Welcome video/ })).getByRole('button', { name: 'Delete' }),
    );
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(await confirm.findByText(T.nothingElse)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(DELETE)).toHaveLength(1));
  });

  it('shows the server’s refusal of a file for a lesson that is not a document', async () => {
    const FILE = `PUT ${DELIVERY_PATHS.adminLessonFile(90)}`;
    const { user, api } = renderApp('/admin?tab=curriculum&program=3&module=11', {
      user: admin,
      routes: {
        ...base,
        [`PATCH ${DELIVERY_PATHS.adminLesson(90)}`]: ok(INTRO),
        [FILE]: fail(400, { file: [DELIVERY_MESSAGES.fileOnlyForDocuments] }),
      },
    });
    const lessons = within(await screen.findByRole('region', { name: 'Lessons' }));
    await user.click(
      within(await lessons.findByRole('row', { name: /Welcome video/ })).getByRole('button', { name: 'Edit' }),
    );
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Lesson' }));
    await user.upload(edit.getByLabelText(/^File/), new File(['%PDF-1.4'], 'x.pdf', { type: 'application/pdf' }));
    await user.click(edit.getByRole('button', { name: 'Save' }));
    expect(await edit.findByText(DELIVERY_MESSAGES.fileOnlyForDocuments)).toBeInTheDocument();
    expect(api.callsTo(FILE)).toHaveLength(1);
  });
});
