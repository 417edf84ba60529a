import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, STORY_MESSAGES, STORY_PATHS as P, storyConsentText, type StudentStory } from '../../contract/index.ts';
import { STORY_CONSENT_TEXT } from '../../machines/index.ts';
import { sampleStudentStory } from '../support/models/index.ts';
import { fail, ok, type FakeRequest } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * The dashboard's success-story consent (decision record 079): the story as the Placement page shows it,
 * the items ticked one by one with the preview and the written statement following, Save, Withdraw all,
 * and the server's refusal of a consent before the offer date shown in the form with Try again.
 */
const NONE = { name: false, photo: false, company: false, ctc: false };

function dashboard(story: StudentStory, save: (request: FakeRequest) => ReturnType<typeof ok>) {
  const sent: unknown[] = [];
  renderApp('/dashboard', {
    user: student,
    routes: {
      [`GET ${API.enrollments.list}`]: ok([]),
      [`GET ${API.payments.list}`]: ok([]),
      [`GET ${API.programs.list}`]: ok([]),
      [`GET ${P.mine}`]: ok([story]),
      [`PUT ${P.consent(story.preview.id)}`]: (request) => {
        sent.push(request.body);
        return save(request);
      },
    },
  });
  return sent;
}
const section = async () =>
  within((await screen.findByRole('heading', { name: 'Your success story' })).closest('section')!);
const answer = (consent: typeof NONE): StudentStory => ({
  ...sampleStudentStory,
  consent,
  published: Object.values(consent).some(Boolean),
});

describe('Dashboard: success story consent', () => {
  it('shows the published story with the consented items and the course beside it', async () => {
    dashboard(sampleStudentStory, () => ok(sampleStudentStory));
    const mine = await section();
    expect(mine.getByText(/Published on the Placement page with: my name, the company/)).toBeInTheDocument();
    expect(mine.getByRole('heading', { name: 'Rahul Verma' })).toBeInTheDocument();
    expect(mine.getByText('Credit Analyst Foundation Program (12 weeks)')).toBeInTheDocument();
    expect(mine.getByText('Paid course, fee ₹45,000')).toBeInTheDocument();
  });

  it('ticks items one by one: the preview and the statement follow; Save sends the four choices', async () => {
    const user = userEvent.setup();
    const sent = dashboard(sampleStudentStory, () => ok(answer({ ...NONE, company: true })));
    const mine = await section();
    await user.click(mine.getByRole('button', { name: 'Choose what to publish' }));
    await user.click(mine.getByRole('checkbox', { name: /My name: Rahul Verma/ }));
    await user.click(mine.getByRole('checkbox', { name: /My annual CTC/ }));
    // The name is gone from the preview; the statement is the one the server records.
    expect(mine.queryByRole('heading', { name: 'Rahul Verma' })).toBeNull();
    const statement = storyConsentText(sampleStudentStory.preview, { ...NONE, company: true });
    expect(mine.getByText(statement)).toBeInTheDocument();
    await user.click(mine.getByRole('button', { name: 'I agree: save my consent' }));
    await waitFor(() => expect(sent).toEqual([{ ...NONE, company: true }]));
    expect(await mine.findByText(STORY_CONSENT_TEXT.saved)).toBeInTheDocument();
  });

  it('Withdraw all sends every item unticked and says the story is off the page', async () => {
    const user = userEvent.setup();
    const sent = dashboard(sampleStudentStory, () => ok(answer(NONE)));
    const mine = await section();
    await user.click(mine.getByRole('button', { name: 'Withdraw all consent' }));
    await waitFor(() => expect(sent).toEqual([NONE]));
    expect(await mine.findByText(STORY_CONSENT_TEXT.withdrawn)).toBeInTheDocument();
    expect(mine.getByText('Not published: you have not given consent.')).toBeInTheDocument();
    expect(mine.queryByRole('button', { name: 'Withdraw all consent' })).toBeNull();
  });

  it('shows the refusal of a consent before the offer date in the form, with Try again', async () => {
    const user = userEvent.setup();
    const refusal = { non_field_errors: [STORY_MESSAGES.beforeOffer('2026-12-05')] };
    let calls = 0;
    const sent = dashboard(answer(NONE), () =>
      ++calls === 1 ? fail(400, refusal) : ok(answer({ ...NONE, ctc: true })),
    );
    const mine = await section();
    await user.click(mine.getByRole('button', { name: 'Choose what to publish' }));
    expect(mine.getByRole('button', { name: 'Save: publish nothing' })).toBeInTheDocument();
    await user.click(mine.getByRole('checkbox', { name: /My annual CTC/ }));
    await user.click(mine.getByRole('button', { name: 'I agree: save my consent' }));
    expect(await mine.findByText(STORY_MESSAGES.beforeOffer('2026-12-05'))).toBeInTheDocument();
    await user.click(mine.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { ...NONE, ctc: true },
        { ...NONE, ctc: true },
      ]),
    );
    expect(await mine.findByText(STORY_CONSENT_TEXT.saved)).toBeInTheDocument();
  });

  it('shows nothing to a student with no story', async () => {
    renderApp('/dashboard', {
      user: student,
      routes: {
        [`GET ${API.enrollments.list}`]: ok([]),
        [`GET ${API.payments.list}`]: ok([]),
        [`GET ${API.programs.list}`]: ok([]),
      },
    });
    await screen.findByRole('heading', { name: /Available Courses/ });
    expect(screen.queryByRole('heading', { name: 'Your success story' })).toBeNull();
  });
});
