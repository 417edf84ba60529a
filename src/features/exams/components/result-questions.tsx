import type { GivenAnswer, QuestionResult } from '../../../../contract/index.ts';
import { MarkdownText } from '../../../components/markdown-text.tsx';

const OUTCOME: Record<QuestionResult['outcome'], string> = {
  correct: 'Correct',
  wrong: 'Wrong',
  unanswered: 'Not answered',
};

/** An answer in words: the options' ids (A, C), the number, or "Not answered". */
function answerText(answer: GivenAnswer | QuestionResult['answer']): string {
  if (answer === null) return 'Not answered';
  if (typeof answer === 'number') return String(answer);
  if (Array.isArray(answer)) return answer.length ? answer.join(', ') : 'Not answered';
  return answer.tolerance ? `${answer.value} (± ${answer.tolerance})` : String(answer.value);
}

/** Seconds as a person reads them: "45 s", "2 min 05 s", "—" when the screen counted none. */
function timeText(seconds: number): string {
  if (seconds <= 0) return '—';
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** Per question: its text and options, the student's answer, the right answer, the time on it and the explanation. */
export function ResultQuestions({ questions }: { questions: QuestionResult[] }) {
  return (
    <section aria-labelledby="result-questions">
      <h2 id="result-questions" className="section-title">
        Questions and answers
      </h2>
      <ol className="exam-result-questions">
        {questions.map((q) => (
          <li key={q.id} className={`exam-result-question outcome-${q.outcome}`}>
            <p className="exam-result-outcome">
              <strong>{OUTCOME[q.outcome]}</strong> ({q.marks_awarded > 0 ? '+' : ''}
              {q.marks_awarded} marks) · {q.section}
            </p>
            <MarkdownText className="exam-question-text" source={q.text} />
            {q.options.length ? (
              <ul className="exam-result-options">
                {q.options.map((o) => (
                  <li key={o.id}>
                    {o.id}. <MarkdownText inline source={o.text} />
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="exam-result-answers">
              <div>
                <dt>Your answer</dt>
                <dd>{answerText(q.your_answer)}</dd>
              </div>
              <div>
                <dt>Right answer</dt>
                <dd>{answerText(q.answer)}</dd>
              </div>
              <div>
                <dt>Time on it</dt>
                <dd>{timeText(q.time_spent_seconds)}</dd>
              </div>
            </dl>
            {q.explanation ? (
              <div className="exam-result-explanation">
                <h3>Explanation</h3>
                <MarkdownText source={q.explanation} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
