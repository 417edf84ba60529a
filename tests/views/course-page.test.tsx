import userEvent from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, DELIVERY_PATHS, DELIVERY_MESSAGES, formatIstDateTime } from '../../contract/index.ts';
import { COURSE_PAGE_TEXTS } from '../../machines/course-page.machine.ts';
import { sampleCourse, sampleDocument, sampleLesson } from '../support/models/index.ts';
import { deferred, fail, ok, serverError, type Handler } from './support/fake-api.ts';
import { enrollment, program, student } from './support/fixtures.ts';
import { expectRefusalAt } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';

const COURSE = `GET ${DELIVERY_PATHS.course(5)}`;
const COMPLETE = `POST ${DELIVERY_PATHS.lessonComplete(12)}`;

function coursePage(routes: Record<string, Handler> = {}) {
  return renderApp('/learn/5', {
    user: student,
    routes: {
      [COURSE]: ok(sampleCourse),
      [`GET ${DELIVERY_PATHS.lesson(11)}`]: ok(sampleLesson(11)),
      [`GET ${DELIVERY_PATHS.lesson(12)}`]: ok(sampleLesson(12)),
      ...routes,
    },
  });
}

const progress = () => screen.getByRole('progressbar', { name: 'Course progress' });

describe('The student course page', () => {
  it('opens from the dashboard button of an enrolled program', async () => {
    const { user, router } = renderApp('/dashboard', {
      user: student,
      routes: {
        [`GET ${API.enrollments.list}`]: ok([enrollment({ id: 5, course: 3 })]),
        [`GET ${API.payments.list}`]: ok([]),
        [`GET ${API.programs.list}`]: ok([program({ id: 3 })]),
        [COURSE]: ok(sampleCourse),
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Access Course Materials' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit Analysis & Lending' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learn/5');
  });

  it('shows the progress, the lessons with their ticks, the next class and the timetable in IST', async () => {
    coursePage();
    await screen.findByRole('heading', { level: 1, name: 'Credit Analysis & Lending' });
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    const outline = within(screen.getByRole('navigation', { name: 'Lessons' }));
    expect(outline.getByRole('button', { name: /Reading a balance sheet\s*\(done\)/ })).toBeInTheDocument();
    expect(outline.getByRole('button', { name: /CMA data, step by step\s*\(not done\)/ })).toBeInTheDocument();
    const next = within(screen.getByRole('region', { name: 'Next live class' }));
    // The link is not open yet: when it opens, in IST with the zone named; no Join.
    const opens = formatIstDateTime('2027-01-09T18:30:00+05:30');
    expect(opens).toMatch(/6:30 pm IST$/i);
    expect(next.getByText(`The link to join opens at ${opens}.`)).toBeInTheDocument();
    expect(next.queryByRole('link', { name: 'Join the live class' })).not.toBeInTheDocument();
    expect(screen.getByText('Times are India Standard Time (IST).')).toBeInTheDocument();
    // The full timetable waits behind its button (decision 068), so the lessons are not pushed down.
    const toggle = screen.getByRole('button', { name: /^Timetable \(\d+ live class/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('timetable-list')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('timetable-list')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add the timetable to your calendar' })).toHaveAttribute(
      'href',
      sampleCourse.calendar_url,
    );
  });

  it('offers Join when the meeting link is open', async () => {
    const open = { ...sampleCourse.next_session!, meeting_url: 'https://meet.example.in/abc' };
    coursePage({ [COURSE]: ok({ ...sampleCourse, next_session: open }) });
    const join = await screen.findByRole('link', { name: 'Join the live class' });
    expect(join).toHaveAttribute('href', 'https://meet.example.in/abc');
  });

  it('renders a text lesson from Markdown with HTML escaped', async () => {
    const unsafe = { ...sampleLesson(11), body: '# Balance sheet\n\n<img src=x onerror="alert(1)">' };
    const { user, container } = coursePage({ [`GET ${DELIVERY_PATHS.lesson(11)}`]: ok(unsafe) });
    await user.click(await screen.findByRole('button', { name: /Reading a balance sheet/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance sheet' })).toBeInTheDocument();
    expect(container.querySelector('.lesson-text img')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
  });

  it('marks a lesson complete with the tick and progress shown at once, then the server’s figure', async () => {
    const answer = deferred();
    const { user, api } = coursePage({ [COMPLETE]: answer.handler });
    await user.click(await screen.findByRole('button', { name: /Reading a balance sheet/ }));
    await user.click(await screen.findByRole('button', { name: 'Next lesson' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'CMA data, step by step' })).toBeInTheDocument();
    expect(screen.getByTitle('CMA data, step by step')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await user.click(screen.getByRole('button', { name: 'Mark complete' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: /CMA data, step by step\s*\(done\)/ })).toBeInTheDocument();
    answer.release(ok({ progress_percentage: 100 }));
    await waitFor(() => expect(screen.getByRole('button', { name: /mark not done/i })).toBeEnabled());
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
  });

  it('takes the tick back and shows why when the server refuses', async () => {
    const { user } = coursePage({ [COMPLETE]: fail(403, { detail: DELIVERY_MESSAGES.lessonLocked }) });
    await user.click(await screen.findByRole('button', { name: /CMA data, step by step/ }));
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DELIVERY_MESSAGES.lessonLocked);
    // In the lesson, by its buttons, focused: not at the top of the page above a long lesson (issue 39).
    await expectRefusalAt(DELIVERY_MESSAGES.lessonLocked, () =>
      screen.getByRole('article', { name: 'CMA data, step by step' }),
    );
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Mark complete' })).toBeEnabled();
  });

  it('downloads a document through the lesson file route with the access token, and says when it fails', async () => {
    const FILE = `GET ${DELIVERY_PATHS.lessonFile(12)}`;
    const { user, api } = coursePage({
      [`GET ${DELIVERY_PATHS.lesson(12)}`]: ok(sampleDocument()),
      [FILE]: fail(403, { detail: DELIVERY_MESSAGES.lessonLocked }),
    });
    await user.click(await screen.findByRole('button', { name: /CMA data, step by step/ }));
    await user.click(await screen.findByRole('button', { name: 'Download cma-template.xlsx' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DELIVERY_MESSAGES.lessonLocked);
    expect(api.callsTo(FILE)[0]!.auth).toBe('Bearer access-1');
    api.on(FILE, { status: 200, body: 'PK' });
    await user.click(screen.getByRole('button', { name: 'Download cma-template.xlsx' }));
    await waitFor(() => expect(api.callsTo(FILE)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says the course could not be loaded and tries again', async () => {
    let calls = 0;
    const { user } = coursePage({ [COURSE]: () => (++calls === 1 ? serverError : ok(sampleCourse)) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/.+/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit Analysis & Lending' })).toBeInTheDocument();
    expect(COURSE_PAGE_TEXTS.loadFailed).toBeTruthy();
  });
});
