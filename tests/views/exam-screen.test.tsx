import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ASSESSMENT_MESSAGES as M, ASSESSMENT_PATHS as P } from '../../contract/index.ts';
import { fail } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { attemptView, ATTEMPT_ID, examRoutes, listed, Q_MPBF, TEST_ID } from './support/exam-fixtures.ts';

/**
 * The exam screen at /tests/:id (decision record 072) over the attempt's machine: the palette's five
 * states as the student saves, marks and clears; the Hindi switch only with Hindi text; a save made
 * offline shown "not yet saved" and sent when the network returns; Submit with its confirmation.
 */
async function openExam(routes = examRoutes().routes) {
  const view = renderApp(`/tests/${TEST_ID}`, { user: student, routes });
  await screen.findByRole('heading', { level: 1, name: listed.title });
  await screen.findByRole('navigation', { name: 'Question palette' });
  return view;
}
const palette = () => within(screen.getByRole('navigation', { name: 'Question palette' }));
const paletteButton = (n: number) => palette().getByRole('button', { name: new RegExp(`^${n}: `) });

describe('The exam screen', () => {
  it('starts the attempt and moves the palette through its states as the student saves, marks and clears', async () => {
    const { routes, saved } = examRoutes();
    const { user, api } = await openExam(routes);
    // One request opens the test: the start's answer is the attempt (no list, no second read of it).
    const exam = api.calls
      .map((c) => `${c.method} ${c.path}`)
      .filter((c) => c.includes('/tests/') || c.includes('/attempts/'));
    expect(exam).toEqual([`POST ${P.startAttempt(TEST_ID)}`]);
    expect(paletteButton(1)).toHaveAccessibleName('1: Not answered');
    expect(paletteButton(2)).toHaveAccessibleName('2: Not visited');
    expect(palette().getByRole('list', { name: 'Legend' })).toHaveTextContent('Answered and marked for review');

    await user.click(screen.getByRole('radio', { name: /Current liabilities/ }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(paletteButton(1)).toHaveAccessibleName('1: Answered'));
    expect(paletteButton(2)).toHaveAccessibleName('2: Not answered');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({
      answer: ['A'],
      marked_for_review: false,
      seq: 1,
      time_spent_seconds: expect.any(Number),
    });

    // Question 2 marked without an answer; then back to question 1 to mark it answered.
    await user.click(screen.getByRole('button', { name: 'Mark for Review & Next' }));
    await waitFor(() => expect(paletteButton(2)).toHaveAccessibleName('2: Marked for review'));
    expect(screen.getByRole('spinbutton', { name: 'Your answer (a number)' })).toBeInTheDocument();
    await user.click(paletteButton(1));
    expect(screen.getByRole('radio', { name: /Current liabilities/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Mark for Review & Next' }));
    await waitFor(() => expect(paletteButton(1)).toHaveAccessibleName('1: Answered and marked for review'));

    // The section tab goes to the section's first question; Clear Response leaves it not answered.
    await user.click(screen.getByRole('button', { name: 'Banking regulation' }));
    expect(screen.getByRole('button', { name: 'Banking regulation' })).toHaveAttribute('aria-current', 'true');
    await user.type(screen.getByRole('spinbutton', { name: 'Your answer (a number)' }), '9');
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(paletteButton(3)).toHaveAccessibleName('3: Answered'));
    await user.click(screen.getByRole('button', { name: 'Clear Response' }));
    await waitFor(() => expect(paletteButton(3)).toHaveAccessibleName('3: Not answered'));
    await waitFor(() => expect(saved.map((s) => (s.body as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5]));
    expect(saved.at(-1)!.body).toEqual({
      answer: null,
      marked_for_review: false,
      seq: 5,
      time_spent_seconds: expect.any(Number),
    });
  });

  it('offers the Hindi switch only on a question with Hindi text, and shows the Hindi text', async () => {
    const { user } = await openExam();
    const language = screen.getByRole('combobox', { name: /View in/ });
    await user.selectOptions(language, 'hi');
    expect(screen.getByText('चालू अनुपात', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /चालू देनदारियाँ/ })).toBeInTheDocument();
    await user.click(paletteButton(2));
    expect(screen.getByText(Q_MPBF.text)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /View in/ })).not.toBeInTheDocument();
  });

  it('keeps a save made offline as "not yet saved" and sends it when the network returns', async () => {
    const { routes, saved } = examRoutes();
    const { user } = await openExam(routes);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Net worth/ }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    expect(paletteButton(1)).toHaveAccessibleName('1: Answered, not yet saved');
    expect(saved).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({
      answer: ['B'],
      marked_for_review: false,
      seq: 1,
      time_spent_seconds: expect.any(Number),
    });
    await waitFor(() => expect(paletteButton(1)).toHaveAccessibleName('1: Answered'));
  });

  it('keeps the offline queue on the device: after a reload it is sent before the attempt is loaded', async () => {
    const { routes, saved } = examRoutes();
    const first = await openExam(routes);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await first.user.click(await screen.findByRole('radio', { name: /Net worth/ }));
    await first.user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(localStorage.getItem(`exam-queue-${ATTEMPT_ID}`)).toContain('"seq":1'));
    first.unmount();

    // After the reload the server refuses a second start, and the list names the attempt in progress.
    routes[`POST ${P.startAttempt(TEST_ID)}`] = fail(409, { detail: M.attemptOpen });
    routes[`GET ${P.studentTests}`] = { status: 200, body: [{ ...listed, open_attempt: ATTEMPT_ID }] };
    const { api } = await openExam(routes);
    expect(saved.map((s) => s.body)).toEqual([
      { answer: ['B'], marked_for_review: false, seq: 1, time_spent_seconds: expect.any(Number) },
    ]);
    const order = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf(`PUT ${P.answer(ATTEMPT_ID, 101)}`)).toBeLessThan(
      order.indexOf(`GET ${P.attempt(ATTEMPT_ID)}`),
    );
    expect(localStorage.getItem(`exam-queue-${ATTEMPT_ID}`)).toBeNull();
  });

  it('keeps a save whose request fails for want of a network, and sends it on Send now', async () => {
    const { routes, saved } = examRoutes();
    const put = `PUT ${P.answer(ATTEMPT_ID, 101)}`;
    const keep = routes[put]!;
    routes[put] = () => {
      throw new TypeError('Failed to fetch');
    };
    const { user, api } = await openExam(routes);
    await user.click(screen.getByRole('radio', { name: /Current liabilities/ }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(paletteButton(1)).toHaveAccessibleName('1: Answered, not yet saved'));
    api.on(put, keep);
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(paletteButton(1)).toHaveAccessibleName('1: Answered'));
    expect(saved).toHaveLength(1);
  });

  it('counts the seconds a question is on screen and sends them with its save', async () => {
    // Only the intervals are the test's: the screen's one-second clock (and the countdown's).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { routes, saved } = examRoutes();
      const { user } = await openExam(routes);
      act(() => vi.advanceTimersByTime(7_000));
      await user.click(screen.getByRole('radio', { name: /Current liabilities/ }));
      await user.click(screen.getByRole('button', { name: 'Save & Next' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.body).toMatchObject({ answer: ['A'], time_spent_seconds: 7 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('resumes the open attempt with its kept answers instead of starting another', async () => {
    const attempt = attemptView({
      answers: [{ question: 101, answer: ['B'], marked_for_review: true, seq: 4, time_spent_seconds: 40 }],
    });
    const { routes } = examRoutes(attempt);
    routes[`POST ${P.startAttempt(TEST_ID)}`] = fail(409, { detail: M.attemptOpen });
    routes[`GET ${P.studentTests}`] = { status: 200, body: [{ ...listed, open_attempt: ATTEMPT_ID }] };
    const { api } = await openExam(routes);
    expect(paletteButton(1)).toHaveAccessibleName('1: Answered and marked for review');
    expect(screen.getByRole('radio', { name: /Net worth/ })).toBeChecked();
    // The start was refused (an attempt in progress), and the one in progress was read with its answers.
    expect(api.callsTo(`POST ${P.startAttempt(TEST_ID)}`)).toHaveLength(1);
    expect(api.callsTo(`GET ${P.attempt(ATTEMPT_ID)}`)).toHaveLength(1);
  });

  it('submits after the confirmation and shows the result with the rank', async () => {
    const { user, api, router } = await openExam();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('heading', { name: 'Submit the test?' })).toHaveFocus();
    expect(screen.getByText(/You have answered 0 of 3 questions/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, submit the test' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Result: ${listed.title}` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/tests/${TEST_ID}/result/${ATTEMPT_ID}`);
    expect(api.callsTo(`POST ${P.submit(ATTEMPT_ID)}`)).toHaveLength(1);
  });

  it('says why a test cannot be taken now', async () => {
    renderApp(`/tests/${TEST_ID}`, {
      user: student,
      routes: {
        [`POST ${P.startAttempt(TEST_ID)}`]: fail(409, { detail: M.notOpen }),
        [`GET ${P.studentTests}`]: { status: 200, body: [{ ...listed, state: 'upcoming' }] },
      },
    });
    expect(await screen.findByText('This test has not opened yet.')).toBeInTheDocument();
  });

  it('says why the start is refused when an unpaid instalment pauses the student, with the way back', async () => {
    const { routes } = examRoutes();
    routes[`POST ${P.startAttempt(TEST_ID)}`] = fail(403, { detail: M.paused('2026-03-01') });
    renderApp(`/tests/${TEST_ID}`, { user: student, routes });
    expect(await screen.findByText(M.paused('2026-03-01'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the load failure with Try again', async () => {
    renderApp(`/tests/${TEST_ID}`, { user: student, routes: { [`GET ${P.studentTests}`]: fail(500, {}) } });
    expect(await screen.findByText(/The test could not be opened/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
