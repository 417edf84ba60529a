import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { examQuestions, inCurrentSection, paletteState } from '../../../../machines/exam-attempt.machine.ts';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { keepQueue } from '../api/queue-store.ts';
import type { ExamAttemptLogic } from '../types.ts';
import { ExamTimer } from './exam-timer.tsx';
import { QuestionPalette } from './question-palette.tsx';
import { hasHindi, QuestionView, type Language } from './question-view.tsx';
import { SECTION_STATES, SectionTabs } from './section-tabs.tsx';
import { SubmitConfirm } from './submit-confirm.tsx';

type Props = { logic: ExamAttemptLogic; testId: number; attemptId: number };

/**
 * NTA's computer-based-test layout over the attempt's machine (decision record 072): section tabs, the
 * question with Save & Next, Mark for Review & Next and Clear Response, the palette (below the question
 * on a phone), the countdown on the server's clock and Submit. The window's online and offline events go
 * to the machine, which queues saves while offline; submitted, the screen goes to the result. Timed sections
 * (decision record 083): the current section's own countdown, its questions only, the others locked or not
 * started; at its end the machine moves on.
 */
export function ExamScreen({ logic, testId, attemptId }: Props) {
  const [snapshot, send] = useMachine(logic, { input: { attemptId } });
  const [language, setLanguage] = useState<Language>('en');
  const [confirming, setConfirming] = useState(false);
  const { attempt, index, draft, entries, queue, error, offsetMs, section, sectionEnds } = snapshot.context;
  const timeUp = useCallback(() => send({ type: 'time.up' }), [send]);
  const sectionTimeUp = useCallback(() => send({ type: 'section.timeUp' }), [send]);

  // The queue is kept on the device once the attempt is loaded (the load sends what an earlier page kept).
  const loaded = attempt !== null;
  useEffect(() => {
    if (loaded) keepQueue(attemptId, queue);
  }, [loaded, attemptId, queue]);

  // The time per question: each second the page is in view counts for the question on screen.
  useEffect(() => {
    if (!loaded) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') send({ type: 'clock.tick' });
    }, 1000);
    return () => clearInterval(timer);
  }, [loaded, send]);

  useEffect(() => {
    const offline = () => send({ type: 'network.offline' });
    const online = () => send({ type: 'network.online' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [send]);

  if (snapshot.matches('submitted')) return <Navigate replace to={paths.testResult.to(testId, attemptId)} />;
  if (snapshot.matches('failed')) {
    return (
      <Notice kind="error">
        {error}{' '}
        <button type="button" className="btn btn-outline btn-small" onClick={() => send({ type: 'retry' })}>
          Try again
        </button>
      </Notice>
    );
  }
  if (!attempt) {
    return (
      <p className="status-text" role="status">
        Opening the test...
      </p>
    );
  }

  const questions = examQuestions(attempt);
  const question = questions[index];
  const busy = snapshot.hasTag('busy');
  const offline = snapshot.matches('offline');
  const unsaved = new Set(queue.map((s) => s.question));
  const timedSection = section === null ? null : attempt.sections[section];
  /** A question outside the current timed section: why it cannot be opened (null: it can). */
  const closedNote = (i: number) =>
    inCurrentSection(snapshot.context, i)
      ? null
      : examQuestions({ ...attempt, sections: attempt.sections.slice(0, section!) }).length > i
        ? SECTION_STATES.locked
        : SECTION_STATES.upcoming;
  const answered = questions.filter((q) => paletteState(entries[q.id]).startsWith('answered')).length;

  return (
    <div className="exam">
      <header className="exam-header">
        <h1 className="exam-title">{attempt.title}</h1>
        <div className="exam-timers">
          {timedSection?.duration_minutes ? (
            <ExamTimer
              key={section}
              label={`${timedSection.title}: time left`}
              endsAt={sectionEnds[section!]!}
              offsetMs={offsetMs}
              onTimeUp={sectionTimeUp}
            />
          ) : null}
          <ExamTimer label="Time left" endsAt={attempt.ends_at} offsetMs={offsetMs} onTimeUp={timeUp} />
        </div>
      </header>
      <SectionTabs
        attempt={attempt}
        index={index}
        section={section}
        busy={busy}
        onGo={(i) => send({ type: 'question.go', index: i })}
        onNextSection={() => send({ type: 'section.next' })}
      />
      {error ? (
        <Notice kind={offline ? 'info' : 'error'}>
          {error}{' '}
          {offline ? (
            <button type="button" className="btn btn-outline btn-small" onClick={() => send({ type: 'retry' })}>
              Send now
            </button>
          ) : null}
        </Notice>
      ) : null}
      <div className="exam-body">
        <section className="exam-main" aria-label="Question">
          {question && hasHindi(question) ? (
            <div className="exam-language">
              <label>
                View in{' '}
                <select value={language} onChange={(e) => setLanguage(e.target.value === 'hi' ? 'hi' : 'en')}>
                  <option value="en">English</option>
                  <option value="hi">हिन्दी (Hindi)</option>
                </select>
              </label>
            </div>
          ) : null}
          {question ? (
            <QuestionView
              key={question.id}
              question={question}
              number={index + 1}
              language={language}
              draft={draft}
              onChoose={(answer) => send({ type: 'answer.choose', answer })}
            />
          ) : null}
          <div className="exam-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => send({ type: 'save.next' })}
            >
              Save &amp; Next
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => send({ type: 'mark.next' })}
            >
              Mark for Review &amp; Next
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => send({ type: 'answer.clear' })}
            >
              Clear Response
            </button>
            <button type="button" className="btn btn-gold" disabled={busy} onClick={() => setConfirming(true)}>
              Submit
            </button>
          </div>
          {confirming ? (
            <SubmitConfirm
              answered={answered}
              total={questions.length}
              unsaved={unsaved.size}
              busy={busy}
              onConfirm={() => {
                setConfirming(false);
                send({ type: 'submit' });
              }}
              onCancel={() => setConfirming(false)}
            />
          ) : null}
          {snapshot.matches('submitting') ? (
            <p className="status-text" role="status">
              Submitting your answers...
            </p>
          ) : null}
        </section>
        <QuestionPalette
          questions={questions}
          entries={entries}
          current={index}
          unsaved={unsaved}
          closedNote={closedNote}
          onGo={(i) => send({ type: 'question.go', index: i })}
        />
      </div>
    </div>
  );
}
