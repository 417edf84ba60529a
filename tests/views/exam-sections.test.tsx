import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASSESSMENT_PATHS as P, type AttemptView } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { attemptView, ATTEMPT_ID, examRoutes, listed, TEST_ID } from './support/exam-fixtures.ts';

/**
 * The exam screen with timed sections (decision record 083): the current section's own countdown, the
 * other sections and their questions closed (locked or not started), moving on early after a confirmation,
 * and moving on by itself when the section's time is up.
 */
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * The fixtures' test with 10 minutes for its first section and 20 for its second. The first ends `firstEndsIn`
 * after the answer's `server_now`, as a server writes both from one clock: counted from the test's own clock
 * instead, a machine that pauses between the two readings made the countdown start above 10:00.
 */
function timed(firstEndsIn: number): AttemptView {
  const base = attemptView();
  const endsAt = new Date(Date.parse(base.server_now) + firstEndsIn).toISOString();
  return {
    ...base,
    current_section: 0,
    sections: [
      { ...base.sections[0]!, duration_minutes: 10, ends_at: endsAt },
      { ...base.sections[1]!, duration_minutes: 20, ends_at: null },
    ],
  };
}

async function openExam(attempt: AttemptView) {
  const { routes } = examRoutes(attempt);
  const view = renderApp(`/tests/${TEST_ID}`, { user: student, routes });
  await screen.findByRole('heading', { level: 1, name: listed.title });
  await screen.findByRole('navigation', { name: 'Question palette' });
  return view;
}
const palette = () => within(screen.getByRole('navigation', { name: 'Question palette' }));
const paletteButton = (n: number) => palette().getByRole('button', { name: new RegExp(`^${n}: `) });
const sections = () => within(screen.getByRole('navigation', { name: 'Sections' }));

describe('The exam screen with timed sections', () => {
  it('shows the section’s countdown, keeps the next section closed, and moves on early after a confirmation', async () => {
    const attempt = timed(10 * 60_000);
    const { user, api } = await openExam(attempt);
    expect(screen.getByText(/Credit appraisal: time left/)).toBeInTheDocument();
    expect(screen.getAllByRole('timer')[0]).toHaveTextContent(/^(10:00|09:5\d)$/);
    expect(sections().getByRole('button', { name: 'Banking regulation (not started yet)' })).toBeDisabled();
    expect(paletteButton(3)).toHaveAccessibleName('3: Not visited, not started yet');
    expect(paletteButton(3)).toBeDisabled();

    const ended = at(0);
    const moved: AttemptView = {
      ...attempt,
      server_now: ended,
      current_section: 1,
      sections: [
        { ...attempt.sections[0]!, ends_at: ended },
        { ...attempt.sections[1]!, ends_at: at(20 * 60_000) },
      ],
    };
    api.on(`POST ${P.enterSection(ATTEMPT_ID, 1)}`, ok(moved));
    await user.click(sections().getByRole('button', { name: 'Go to the next section' }));
    expect(screen.getByRole('heading', { name: 'Move on to Banking regulation?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes, go to Banking regulation' }));

    expect(await screen.findByText(/Banking regulation: time left/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.enterSection(ATTEMPT_ID, 1)}`)).toHaveLength(1);
    expect(sections().getByRole('button', { name: 'Credit appraisal (locked)' })).toBeDisabled();
    expect(paletteButton(1)).toHaveAccessibleName('1: Not answered, locked');
    expect(paletteButton(3)).toHaveAccessibleName('3: Not answered');
    expect(screen.getByRole('spinbutton', { name: 'Your answer (a number)' })).toBeInTheDocument();
    // The last section has no next one.
    expect(sections().queryByRole('button', { name: 'Go to the next section' })).not.toBeInTheDocument();
  });

  it('moves on to the next section by itself when the section’s time is up, without asking the server', async () => {
    const { api } = await openExam(timed(-1000));
    await waitFor(() => expect(paletteButton(1)).toHaveAccessibleName('1: Not answered, locked'));
    expect(screen.getByText(/Banking regulation: time left/)).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Your answer (a number)' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('/sections/'))).toEqual([]);
    expect(api.callsTo(`POST ${P.submit(ATTEMPT_ID)}`)).toHaveLength(0);
  });
});
