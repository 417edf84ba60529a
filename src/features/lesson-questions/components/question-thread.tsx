import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { formatIstDateTime } from '../../../../contract/time.ts';
import type { LessonQuestion, Reply } from '../../../../contract/notifications.ts';
import type { QuestionThreadLogic, ThreadDraft } from '../../../../machines/question-thread.machine.ts';
import { Badge } from '../../../components/badges.tsx';
import { TextAreaField } from '../../../components/field.tsx';
import { FormError, Notice, RetryNotice } from '../../../components/notice.tsx';

/** What the signed-in user may do in a thread (the server decides; these only choose the buttons). */
export type ThreadAbilities = { ask: boolean; reply: boolean; accept: boolean; hide: boolean };

type Props = { logic: QuestionThreadLogic; lessonId: number; can: ThreadAbilities };

const ROLE_LABELS: Record<string, string> = { instructor: 'Instructor', admin: 'Administrator' };

const FORM_TEXT = {
  ask: { form: 'Ask a question', label: 'Your question', send: 'Ask', sending: 'Asking...' },
  reply: { form: 'Reply to the question', label: 'Your reply', send: 'Reply', sending: 'Replying...' },
  hide: { form: 'Hide it', label: 'Why it is hidden (kept in the audit log)', send: 'Hide', sending: 'Hiding...' },
} as const;

type FormProps = {
  draft: ThreadDraft;
  busy: boolean;
  fieldError: string | null;
  failure: string | null;
  onSubmit: (text: string) => void;
  onCancel: () => void;
};

/** The open form: a question, a reply or a hide's reason; the server's refusal shows inside it. */
function ThreadForm({ draft, busy, fieldError, failure, onSubmit, onCancel }: FormProps) {
  const [text, setText] = useState('');
  const words = FORM_TEXT[draft.kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text);
  };
  return (
    <form className="thread-form" method="post" onSubmit={submit} noValidate aria-label={words.form}>
      <TextAreaField
        label={words.label}
        name={`thread_${draft.kind}`}
        value={text}
        error={fieldError ?? undefined}
        required
        rows={draft.kind === 'hide' ? 2 : 4}
        onChange={(e) => setText(e.target.value)}
      />
      {failure ? <FormError>{failure}</FormError> : null}
      <div className="actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
          {busy ? words.sending : words.send}
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const Byline = ({ author, role, at }: { author: string; role?: string; at: string }) => (
  <p className="meta">
    <strong>{author}</strong>
    {role && ROLE_LABELS[role] ? ` (${ROLE_LABELS[role]})` : ''} · <time dateTime={at}>{formatIstDateTime(at)}</time>
  </p>
);

type ItemProps = {
  question: LessonQuestion;
  can: ThreadAbilities;
  busy: boolean;
  formFor: (draft: ThreadDraft) => React.ReactNode;
  compose: (draft: ThreadDraft) => void;
  accept: (reply: Reply) => void;
};

function ReplyItem({ reply, question, can, busy, formFor, compose, accept }: ItemProps & { reply: Reply }) {
  return (
    <li className={reply.accepted ? 'thread-reply accepted' : 'thread-reply'}>
      <Byline author={reply.author} role={reply.author_role} at={reply.created_at} />
      {reply.accepted ? <Badge colour="green">✓ Accepted answer</Badge> : null}
      {reply.hidden ? <Badge colour="grey">Hidden</Badge> : null}
      <p className="thread-text">{reply.body}</p>
      <div className="actions">
        {can.accept && !reply.accepted && !reply.hidden && !question.hidden ? (
          <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={() => accept(reply)}>
            Mark as accepted answer
          </button>
        ) : null}
        {can.hide && !reply.hidden ? (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={busy}
            onClick={() => compose({ kind: 'hide', what: 'reply', id: reply.id })}
          >
            Hide reply
          </button>
        ) : null}
      </div>
      {formFor({ kind: 'hide', what: 'reply', id: reply.id })}
    </li>
  );
}

function QuestionItem(props: ItemProps) {
  const { question, can, busy, formFor, compose } = props;
  return (
    <li className="thread-question">
      <article aria-label={`Question by ${question.author}`}>
        <Byline author={question.author} at={question.created_at} />
        {question.answered ? <Badge colour="green">Answered</Badge> : <Badge colour="amber">Open</Badge>}
        {question.hidden ? <Badge colour="grey">Hidden</Badge> : null}
        <p className="thread-text">{question.body}</p>
        {question.replies.length > 0 ? (
          <ul className="thread-replies" aria-label="Replies">
            {question.replies.map((reply) => (
              <ReplyItem key={reply.id} reply={reply} {...props} />
            ))}
          </ul>
        ) : null}
        <div className="actions">
          {can.reply && !question.hidden ? (
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={busy}
              onClick={() => compose({ kind: 'reply', questionId: question.id })}
            >
              Reply
            </button>
          ) : null}
          {can.hide && !question.hidden ? (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              disabled={busy}
              onClick={() => compose({ kind: 'hide', what: 'question', id: question.id })}
            >
              Hide question
            </button>
          ) : null}
        </div>
        {formFor({ kind: 'reply', questionId: question.id })}
        {formFor({ kind: 'hide', what: 'question', id: question.id })}
      </article>
    </li>
  );
}

const sameDraft = (a: ThreadDraft | null, b: ThreadDraft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A lesson's questions (decision record 073), answered first, each with its replies and the accepted one
 * marked. Bodies are plain text (React escapes them; line breaks kept). Its own chunk on the course page.
 */
export function QuestionThread({ logic, lessonId, can }: Props) {
  const [snapshot, send] = useMachine(logic, { input: { lessonId } });
  const { questions, error, draft, fieldError, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const composing = snapshot.matches('composing') || snapshot.matches('saving');
  const compose = (next: ThreadDraft) => send({ type: 'thread.compose', draft: next });
  const formFor = (target: ThreadDraft) =>
    composing && sameDraft(draft, target) ? (
      <ThreadForm
        key={JSON.stringify(target)}
        draft={target}
        busy={busy}
        fieldError={fieldError}
        failure={snapshot.matches('composing') ? failure : null}
        onSubmit={(text) => send({ type: 'thread.submit', text })}
        onCancel={() => send({ type: 'thread.cancel' })}
      />
    ) : null;
  const accept = (questionId: number) => (reply: Reply) =>
    send({ type: 'thread.accept', questionId, replyId: reply.id });
  return (
    <section className="card question-thread" aria-labelledby={`questions-${lessonId}`} aria-busy={busy}>
      <h3 id={`questions-${lessonId}`}>Questions on this lesson</h3>
      {snapshot.matches('loading') ? <p className="meta">Loading the questions...</p> : null}
      {snapshot.matches('failed') ? <RetryNotice error={error} onRetry={() => send({ type: 'thread.retry' })} /> : null}
      {snapshot.matches('list') && failure ? <Notice kind="error">{failure}</Notice> : null}
      {can.ask && !snapshot.matches('loading') && !snapshot.matches('failed') ? (
        draft?.kind === 'ask' ? (
          formFor({ kind: 'ask' })
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={busy}
            onClick={() => compose({ kind: 'ask' })}
          >
            Ask a question
          </button>
        )
      ) : null}
      {!snapshot.matches('loading') && !snapshot.matches('failed') && questions.length === 0 ? (
        <p>No questions on this lesson yet.</p>
      ) : null}
      {questions.length > 0 ? (
        <ol className="thread-questions">
          {questions.map((q) => (
            <QuestionItem
              key={q.id}
              question={q}
              can={can}
              busy={busy}
              formFor={formFor}
              compose={compose}
              accept={accept(q.id)}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
