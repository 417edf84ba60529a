import type { GivenAnswer, StudentQuestion } from '../../../../contract/index.ts';
import { MarkdownText } from '../../../components/markdown-text.tsx';

export type Language = 'en' | 'hi';

/** Whether a question has Hindi text to switch to (its text or any option's). */
export const hasHindi = (q: StudentQuestion) => Boolean(q.text_hi) || q.options.some((o) => Boolean(o.text_hi));

type Props = {
  question: StudentQuestion;
  number: number;
  language: Language;
  draft: GivenAnswer;
  onChoose: (answer: GivenAnswer) => void;
};

/** One question: its text (Markdown, rendered safely) and its answer input, radio, checkboxes or a number. */
export function QuestionView({ question: q, number, language, draft, onChoose }: Props) {
  const hindi = language === 'hi';
  const text = hindi && q.text_hi ? q.text_hi : q.text;
  const lang = hindi && q.text_hi ? 'hi' : 'en';
  const chosen = Array.isArray(draft) ? draft : [];
  const name = `question-${q.id}`;
  return (
    <fieldset className="exam-question">
      <legend className="exam-question-legend">
        <span className="exam-question-number">Question {number}</span>{' '}
        <span className="exam-question-marks">
          (+{q.marks}
          {q.negative_marks ? `, −${q.negative_marks} if wrong` : ''})
        </span>
      </legend>
      <MarkdownText className="exam-question-text" source={text} lang={lang} />
      {q.kind === 'numeric' ? (
        <label className="exam-numeric">
          Your answer (a number)
          <input
            type="number"
            inputMode="decimal"
            step="any"
            value={typeof draft === 'number' ? draft : ''}
            onChange={(e) => {
              const value = e.target.value.trim();
              onChoose(value === '' || Number.isNaN(Number(value)) ? null : Number(value));
            }}
          />
        </label>
      ) : (
        <ul className="exam-options">
          {q.options.map((o) => {
            const optionText = hindi && o.text_hi ? o.text_hi : o.text;
            const multiple = q.kind === 'multiple';
            const checked = chosen.includes(o.id);
            return (
              <li key={o.id}>
                <label className="exam-option">
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={name}
                    value={o.id}
                    checked={checked}
                    onChange={() =>
                      onChoose(
                        multiple ? (checked ? chosen.filter((c) => c !== o.id) : [...chosen, o.id].sort()) : [o.id],
                      )
                    }
                  />
                  <span className="exam-option-id">{o.id}.</span>
                  <MarkdownText inline source={optionText} lang={hindi && o.text_hi ? 'hi' : 'en'} />
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {q.kind === 'multiple' ? <p className="status-text">Choose every correct option.</p> : null}
    </fieldset>
  );
}
