import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_PATHS,
  NOTIFY_PATHS as P,
  TEACHING_PATHS,
  type AdminMessage,
  type LessonQuestion,
  type TeachBatch,
} from '../../contract/index.ts';
import { QUESTION_THREAD_TEXT } from '../../machines/question-thread.machine.ts';
import { answeredQuestion, openQuestion, sampleCourse, sampleLesson } from '../support/models/index.ts';
import { adminPanel } from './support/admin-panel.ts';
import { fail, ok, serverError, type FakeRequest, type Handler } from './support/fake-api.ts';
import { admin, student, instructor } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** Questions on lessons, batch announcements and the admin Messages tab (decision record 073). */
const THREAD = `GET ${P.lessonQuestions(11)}`;

/** A thread the fake server keeps: asks, replies and accepts change what the next GET answers. */
function threadServer(initial: LessonQuestion[]) {
  let questions = initial;
  return {
    [THREAD]: () => ok(questions),
    [`POST ${P.lessonQuestions(11)}`]: (request: FakeRequest) => {
      const body = (request.body as { body: string }).body;
      questions = [{ ...openQuestion, id: 20, lesson_id: 11, author: 'Asha Menon', body }, ...questions];
      return { status: 201, body: { id: 20 } };
    },
    [`POST ${P.replies(12)}`]: (request: FakeRequest) => {
      const body = (request.body as { body: string }).body;
      const reply = { ...answeredQuestion.replies[0]!, id: 40, body, accepted: false };
      questions = questions.map((q) => (q.id === 12 ? { ...q, replies: [...q.replies, reply] } : q));
      return { status: 201, body: { id: 40 } };
    },
    [`POST ${P.accept(12)}`]: () => {
      questions = questions.map((q) =>
        q.id === 12 ? { ...q, answered: true, replies: q.replies.map((r) => ({ ...r, accepted: true })) } : q,
      );
      return { status: 204 };
    },
  };
}

function coursePage(routes: Record<string, Handler>) {
  return renderApp('/learn/5', {
    user: student,
    routes: {
      [`GET ${DELIVERY_PATHS.course(5)}`]: ok(sampleCourse),
      [`GET ${DELIVERY_PATHS.lesson(11)}`]: ok(sampleLesson(11)),
      ...routes,
    },
  });
}
const thread = () => within(screen.getByRole('region', { name: 'Questions on this lesson' }));
/** Chooses the lesson on the batch page and waits for its thread (its own chunk) to show. */
async function openLesson(user: { selectOptions: (el: Element, v: string) => Promise<void> }) {
  await user.selectOptions(await screen.findByLabelText('Lesson'), 'Credit appraisal: Reading a balance sheet');
  await screen.findByRole('region', { name: 'Questions on this lesson' });
}

describe('Questions on a lesson, as the student sees them', () => {
  it('lists answered questions first with the accepted reply marked; asks one; a refusal shows in the form', async () => {
    const server = threadServer([openQuestion, answeredQuestion]);
    let refuse = true;
    const ask = server[`POST ${P.lessonQuestions(11)}`];
    const { user, api } = coursePage({
      ...server,
      [`POST ${P.lessonQuestions(11)}`]: (request: FakeRequest) =>
        refuse ? fail(403, { detail: 'You are not in a batch of this program.' }) : ask!(request),
    });
    await user.click(await screen.findByRole('button', { name: /Reading a balance sheet/ }));
    const questions = await screen.findAllByRole('article', { name: /Question by/ });
    // Answered first, whatever the server's order.
    expect(questions.map((q) => within(q).getByText(/\?$/).textContent)).toEqual([
      answeredQuestion.body,
      openQuestion.body,
    ]);
    const accepted = within(questions[0]!).getByText('Yes, from the balance sheet.').closest('li')!;
    expect(within(accepted).getByText('✓ Accepted answer')).toBeInTheDocument();
    expect(within(accepted).getByText(/Instructor/)).toBeInTheDocument();
    // A student neither accepts nor hides.
    expect(thread().queryByRole('button', { name: 'Mark as accepted answer' })).not.toBeInTheDocument();
    expect(thread().queryByRole('button', { name: /^Hide/ })).not.toBeInTheDocument();

    await user.click(thread().getByRole('button', { name: 'Ask a question' }));
    await user.click(thread().getByRole('button', { name: 'Ask' }));
    // Too short: the schema's words at the field, nothing sent.
    expect(await thread().findByText('Write your question.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.lessonQuestions(11)}`)).toHaveLength(0);
    await user.type(thread().getByLabelText(/^Your question/), 'What is <b>DSCR</b>?');
    await user.click(thread().getByRole('button', { name: 'Ask' }));
    // The server refuses: its words inside the form, focused; the text stays.
    const refusal = await thread().findByRole('alert');
    expect(refusal).toHaveTextContent('You are not in a batch of this program.');
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(thread().getByLabelText(/^Your question/)).toHaveValue('What is <b>DSCR</b>?');
    refuse = false;
    await user.click(thread().getByRole('button', { name: 'Ask' }));
    // Asked: the thread is read again and shows it, as text (no HTML from a body).
    expect(await thread().findByText('What is <b>DSCR</b>?')).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.lessonQuestions(11)}`).at(-1)!.body).toEqual({ body: 'What is <b>DSCR</b>?' });
    expect(thread().queryByLabelText(/^Your question/)).not.toBeInTheDocument();
  });

  it('says the questions could not be loaded and tries again', async () => {
    let answer = serverError;
    const { user } = coursePage({ [THREAD]: () => answer });
    await user.click(await screen.findByRole('button', { name: /Reading a balance sheet/ }));
    expect(await thread().findByText(QUESTION_THREAD_TEXT.loadFailed)).toBeInTheDocument();
    answer = ok([]);
    await user.click(thread().getByRole('button', { name: 'Try again' }));
    expect(await thread().findByText('No questions on this lesson yet.')).toBeInTheDocument();
  });
});

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
  students: [],
  timetable: [],
  sessions: 0,
  sessions_held: 0,
  sessions_counted: 0,
  held_without_sheet: [],
  lessons: [
    { id: 10, title: 'Why credit analysis', module: 'Credit appraisal' },
    { id: 11, title: 'Reading a balance sheet', module: 'Credit appraisal' },
  ],
};

describe('The instructor’s batch page', () => {
  it('answers a lesson’s question and marks the reply accepted', async () => {
    const { user, api } = renderApp('/teach/batches/2', {
      user: instructor,
      routes: { [`GET ${TEACHING_PATHS.batch(2)}`]: ok(batch), ...threadServer([openQuestion]) },
    });
    await openLesson(user);
    expect(await thread().findByText(openQuestion.body)).toBeInTheDocument();
    expect(thread().queryByRole('button', { name: 'Ask a question' })).not.toBeInTheDocument();
    await user.click(thread().getByRole('button', { name: 'Reply' }));
    await user.type(thread().getByLabelText(/^Your reply/), 'EBITDA is the cash the business makes.');
    await user.click(
      within(thread().getByRole('form', { name: 'Reply to the question' })).getByRole('button', { name: 'Reply' }),
    );
    expect(await thread().findByText('EBITDA is the cash the business makes.')).toBeInTheDocument();
    await user.click(thread().getByRole('button', { name: 'Mark as accepted answer' }));
    expect(await thread().findByText('✓ Accepted answer')).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.accept(12)}`)[0]!.body).toEqual({ reply_id: 40 });
    expect(thread().getByText('Answered')).toBeInTheDocument();
  });

  it('posts an announcement: refusals at the field, then how many students it reached', async () => {
    const { user, api } = renderApp('/teach/batches/2', {
      user: instructor,
      routes: {
        [`GET ${TEACHING_PATHS.batch(2)}`]: ok(batch),
        [`POST ${P.announcements(2)}`]: (request: FakeRequest) => ({
          status: 201,
          body: {
            id: 4,
            batch_id: 2,
            ...(request.body as object),
            html: '',
            created_at: '2026-11-27T12:30:00.000Z',
            recipients: 12,
          },
        }),
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Announce to the batch' }));
    await user.click(form.getByRole('button', { name: 'Post announcement' }));
    expect(await form.findByText('Give the announcement a title.')).toBeInTheDocument();
    expect(form.getByText('Write the announcement.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.announcements(2)}`)).toHaveLength(0);
    await user.type(form.getByLabelText(/^Title/), 'Class moved');
    await user.type(form.getByLabelText(/^Message/), 'Thursday at **19:00 IST**.');
    await user.click(form.getByLabelText(/^Urgent/));
    await user.click(form.getByRole('button', { name: 'Post announcement' }));
    expect(await form.findByText('Posted to 12 students of the batch.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.announcements(2)}`)[0]!.body).toEqual({
      title: 'Class moved',
      body: 'Thursday at **19:00 IST**.',
      urgent: true,
    });
    expect(form.getByLabelText(/^Title/)).toHaveValue('');
  });

  it('lets an administrator hide a reply with a reason', async () => {
    const hidden: FakeRequest[] = [];
    const { user } = renderApp('/teach/batches/2', {
      user: admin,
      routes: {
        [`GET ${TEACHING_PATHS.batch(2)}`]: ok(batch),
        [THREAD]: () =>
          ok([
            {
              ...answeredQuestion,
              replies: answeredQuestion.replies.map((r) => ({ ...r, hidden: hidden.length > 0 })),
            },
          ]),
        [`POST ${P.hideReply(31)}`]: (request: FakeRequest) => {
          hidden.push(request);
          return { status: 204 };
        },
      },
    });
    await openLesson(user);
    await user.click(await thread().findByRole('button', { name: 'Hide reply' }));
    await user.click(thread().getByRole('button', { name: 'Hide' }));
    expect(await thread().findByText('Say why it is hidden.')).toBeInTheDocument();
    await user.type(thread().getByLabelText(/^Why it is hidden/), 'Shares an exam answer');
    await user.click(thread().getByRole('button', { name: 'Hide' }));
    expect(await thread().findByText('Hidden')).toBeInTheDocument();
    expect(hidden[0]!.body).toEqual({ reason: 'Shares an exam answer' });
  });
});

const message = (id: number, extra: Partial<AdminMessage>): AdminMessage => ({
  id,
  channel: 'whatsapp',
  event: 'announcement',
  student: 'asha',
  to: '91******3210',
  status: 'delivered',
  error: null,
  fallback_of: null,
  created_at: '2026-11-27T12:30:00.000Z',
  sent_at: '2026-11-27T12:30:05.000Z',
  ...extra,
});

describe('The admin Messages tab', () => {
  it('lists what was sent with the IST time, status and fallback, masked; filters by channel', async () => {
    const page = (results: AdminMessage[]) => ok({ count: results.length, next: null, previous: null, results });
    const { user, api } = adminPanel({
      [`GET ${P.messages}`]: (request: FakeRequest) =>
        request.query.get('channel') === 'sms'
          ? page([message(8, { channel: 'sms', status: 'failed', fallback_of: 7, event: 'instalment_due' })])
          : page([message(7, { status: 'failed' }), message(6, {})]),
    });
    await user.click(await screen.findByRole('tab', { name: 'Messages' }));
    const row = await screen.findByRole('row', { name: /asha.*WhatsApp.*Batch announcement.*Delivered/ });
    expect(within(row).getByText('27 Nov 2026, 6:00 pm', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('91******3210')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Channel'), 'SMS');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const sms = await screen.findByRole('row', { name: /SMS.*Instalment due.*Failed/ });
    expect(within(sms).getByText('SMS after WhatsApp failed (message 7)')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`GET ${P.messages}`).at(-1)!.query.get('channel')).toBe('sms'));
  });
});
