import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, DELIVERY_PATHS, type Lesson } from '../../contract/index.ts';
import { fail, ok, type FakeRequest, type Handler } from './support/fake-api.ts';
import { admin, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Curriculum tab's Move up and Move down: a program's modules and a module's lessons put in order. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const lesson = (id: number, title: string, position: number): Lesson => ({
  id,
  module: 11,
  program: 3,
  title,
  kind: 'text',
  body: 'Read this.',
  url: '',
  file: null,
  file_name: null,
  duration_minutes: null,
  is_preview: false,
  position,
  completed: false,
});

type Item = { id: number; title: string; position: number };

/** A server keeping an order: PATCH {position} moves the item there among its siblings, like the real one. */
function ordered<T extends Item>(items: T[]) {
  const list = [...items];
  return {
    list: () => list.map((item, position) => ({ ...item, position })),
    move: (request: FakeRequest) => {
      const id = Number(request.path.split('/').at(-2));
      const from = list.findIndex((item) => item.id === id);
      const [item] = list.splice(from, 1);
      list.splice((request.body as { position: number }).position, 0, item!);
      return ok({ ...item, position: (request.body as { position: number }).position });
    },
  };
}

function curriculum(path: string, routes: Record<string, Handler>) {
  return renderApp(path, {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.faculty.list}`]: ok([]),
      [`GET ${API.admin.users}`]: ok({ count: 0, next: null, previous: null, results: [] }),
      [`GET ${API.programs.list}`]: ok([program({ id: 3, title: 'Python Full Stack' })]),
      [`GET ${DELIVERY_PATHS.adminBatches}`]: ok([]),
      ...routes,
    },
  });
}

const titlesIn = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('Curriculum tab: order', () => {
  it('moves a module up and down; the order shown is the server’s, and the focus stays on the moved module', async () => {
    const modules = ordered([
      { id: 11, program: 3, title: 'Module 1', position: 0, lessons: [] },
      { id: 12, program: 3, title: 'Module 2', position: 1, lessons: [] },
      { id: 13, program: 3, title: 'Module 3', position: 2, lessons: [] },
    ]);
    const { user, api } = curriculum('/admin?tab=curriculum&program=3', {
      [`GET ${DELIVERY_PATHS.adminProgramModules(3)}`]: () => ok(modules.list()),
      [`PATCH ${DELIVERY_PATHS.adminModule(12)}`]: modules.move,
      [`PATCH ${DELIVERY_PATHS.adminModule(13)}`]: modules.move,
    });
    await screen.findByRole('row', { name: /Module 2/ });
    expect(screen.getByRole('button', { name: 'Move Module 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Module 3 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Module 2 up' }));
    await waitFor(() => expect(titlesIn('Modules')).toEqual(['Module 2', 'Module 1', 'Module 3']));
    expect(api.callsTo(`PATCH ${DELIVERY_PATHS.adminModule(12)}`)[0]!.body).toEqual({ position: 0 });
    // At the top now: its Move up is off, so the focus goes to its Move down.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Module 2 down' })).toHaveFocus());

    // By keyboard: Enter on the focused button moves it down again.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titlesIn('Modules')).toEqual(['Module 1', 'Module 2', 'Module 3']));
    expect(api.callsTo(`PATCH ${DELIVERY_PATHS.adminModule(12)}`)[1]!.body).toEqual({ position: 1 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Module 2 down' })).toHaveFocus());
  });

  it('moves a lesson; a refusal shows the server’s sentence and keeps the order', async () => {
    const lessons = ordered([lesson(90, 'Welcome', 0), lesson(91, 'Reading list', 1), lesson(92, 'Quiz', 2)]);
    const { user, api } = curriculum('/admin?tab=curriculum&program=3&module=11', {
      [`GET ${DELIVERY_PATHS.adminProgramModules(3)}`]: () =>
        ok([{ id: 11, program: 3, title: 'Python basics', position: 0, lessons: lessons.list() }]),
      [`PATCH ${DELIVERY_PATHS.adminLesson(92)}`]: lessons.move,
      [`PATCH ${DELIVERY_PATHS.adminLesson(90)}`]: fail(404, { detail: 'Not found.' }),
    });
    const region = within(await screen.findByRole('region', { name: 'Lessons' }));
    await region.findByRole('row', { name: /Quiz/ });

    await user.click(region.getByRole('button', { name: 'Move Quiz up' }));
    await waitFor(() => expect(titlesIn('Lessons')).toEqual(['Welcome', 'Quiz', 'Reading list']));
    expect(api.callsTo(`PATCH ${DELIVERY_PATHS.adminLesson(92)}`)[0]!.body).toEqual({ position: 1 });

    await user.click(region.getByRole('button', { name: 'Move Welcome down' }));
    expect(await region.findByText('Not found.')).toBeInTheDocument();
    expect(titlesIn('Lessons')).toEqual(['Welcome', 'Quiz', 'Reading list']);
  });
});
