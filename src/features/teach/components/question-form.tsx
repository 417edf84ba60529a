import { useState, type FormEvent } from 'react';
import { DIFFICULTIES, QUESTION_KINDS, type Question, type QuestionKind } from '../../../../contract/index.ts';
import { CheckField, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { FormError } from '../../../components/notice.tsx';
import { Modal } from '../../../components/modal.tsx';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  numeric: 'Numeric',
  true_false: 'True / false',
};

type Values = {
  program: string;
  topic: string;
  kind: QuestionKind;
  text: string;
  text_hi: string;
  options: { text: string; text_hi: string }[];
  answer: string;
  tolerance: string;
  explanation: string;
  marks: string;
  negative_marks: string;
  difficulty: string;
  retired: boolean;
};

function initial(item: Question | null, program: string): Values {
  const options = LETTERS.map((id) => {
    const found = item?.options.find((o) => o.id === id);
    return { text: found?.text ?? '', text_hi: found?.text_hi ?? '' };
  });
  const answer = item?.answer;
  return {
    program: item ? (item.program === null ? '' : String(item.program)) : program,
    topic: item?.topic ?? '',
    kind: item?.kind ?? 'single',
    text: item?.text ?? '',
    text_hi: item?.text_hi ?? '',
    options,
    answer: answer === undefined ? '' : Array.isArray(answer) ? answer.join(';') : String(answer.value),
    tolerance: answer && !Array.isArray(answer) ? String(answer.tolerance) : '0',
    explanation: item?.explanation ?? '',
    marks: String(item?.marks ?? 1),
    negative_marks: String(item?.negative_marks ?? 0),
    difficulty: item?.difficulty ?? 'medium',
    retired: item?.retired ?? false,
  };
}

const num = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The typed strings as the contract's QuestionInput takes them (the server checks them, field by field). */
function toBody(v: Values) {
  const numeric = v.kind === 'numeric';
  return {
    program: v.program ? Number(v.program) : null,
    topic: v.topic,
    kind: v.kind,
    text: v.text,
    text_hi: v.text_hi.trim() || null,
    options: numeric
      ? []
      : LETTERS.flatMap((id, i) => {
          const o = v.options[i]!;
          return o.text.trim() ? [{ id, text: o.text, text_hi: o.text_hi.trim() || null }] : [];
        }),
    answer: numeric
      ? { value: num(v.answer) ?? NaN, tolerance: num(v.tolerance) ?? 0 }
      : v.answer
          .split(/[;,|\s]+/)
          .filter(Boolean)
          .map((a) => a.toUpperCase()),
    explanation: v.explanation,
    marks: num(v.marks),
    negative_marks: num(v.negative_marks),
    difficulty: v.difficulty,
    retired: v.retired,
  };
}

type Props = {
  item: Question | null;
  programs: { value: string; label: string }[];
  saving: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onClose: () => void;
};

/** Add or edit a question: its words (and optional Hindi), options, answer, marks and difficulty. */
export function QuestionForm({ item, programs, saving, error, fieldErrors, onSubmit, onClose }: Props) {
  const [values, setValues] = useState(() => initial(item, programs[0]?.value ?? ''));
  const set = (name: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const setOption = (i: number, key: 'text' | 'text_hi', value: string) =>
    setValues((v) => ({ ...v, options: v.options.map((o, j) => (j === i ? { ...o, [key]: value } : o)) }));
  const numeric = values.kind === 'numeric';
  const shown = new Set(['program', 'topic', 'kind', 'text', 'text_hi', 'options', 'answer', 'explanation']);
  const others = Object.entries(fieldErrors).filter(([field]) => !shown.has(field));
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(toBody(values));
  }
  return (
    <Modal title={item ? 'Edit question' : 'Add question'} onClose={onClose}>
      <form onSubmit={submit} noValidate className="question-form">
        <SelectField
          label="Program"
          options={programs}
          placeholder="Shared bank (administrators)"
          value={values.program}
          onChange={set('program')}
          error={fieldErrors.program}
        />
        <TextField label="Topic" required value={values.topic} onChange={set('topic')} error={fieldErrors.topic} />
        <SelectField
          label="Kind"
          options={QUESTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          value={values.kind}
          onChange={set('kind')}
          error={fieldErrors.kind}
        />
        <TextAreaField label="Question" required value={values.text} onChange={set('text')} error={fieldErrors.text} />
        <TextAreaField
          label="Question in Hindi (optional)"
          value={values.text_hi}
          onChange={set('text_hi')}
          error={fieldErrors.text_hi}
        />
        {numeric ? null : (
          <fieldset className="question-options">
            <legend>Options (leave the unused ones empty)</legend>
            {fieldErrors.options ? (
              <p className="field-error" role="alert">
                {fieldErrors.options}
              </p>
            ) : null}
            {LETTERS.map((id, i) => (
              <div className="form-row" key={id}>
                <TextField
                  label={`Option ${id}`}
                  value={values.options[i]!.text}
                  onChange={(e) => setOption(i, 'text', e.target.value)}
                />
                <TextField
                  label={`Option ${id} in Hindi`}
                  value={values.options[i]!.text_hi}
                  onChange={(e) => setOption(i, 'text_hi', e.target.value)}
                />
              </div>
            ))}
          </fieldset>
        )}
        <div className="form-row">
          <TextField
            label={numeric ? 'Answer (a number)' : 'Correct option letters'}
            hint={numeric ? undefined : 'Such as A, or A;C for a multiple-choice question'}
            inputMode={numeric ? 'decimal' : undefined}
            required
            value={values.answer}
            onChange={set('answer')}
            error={fieldErrors.answer}
          />
          {numeric ? (
            <TextField label="Tolerance (±)" inputMode="decimal" value={values.tolerance} onChange={set('tolerance')} />
          ) : null}
        </div>
        <TextAreaField
          label="Explanation (shown with the results)"
          value={values.explanation}
          onChange={set('explanation')}
          error={fieldErrors.explanation}
        />
        <div className="form-row">
          <TextField
            label="Marks"
            inputMode="decimal"
            value={values.marks}
            onChange={set('marks')}
            error={fieldErrors.marks}
          />
          <TextField
            label="Negative marks"
            inputMode="decimal"
            value={values.negative_marks}
            onChange={set('negative_marks')}
            error={fieldErrors.negative_marks}
          />
          <SelectField
            label="Difficulty"
            options={DIFFICULTIES.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))}
            value={values.difficulty}
            onChange={set('difficulty')}
            error={fieldErrors.difficulty}
          />
        </div>
        {item ? (
          <CheckField
            label="Retired (kept for past attempts, offered for no new test)"
            checked={values.retired}
            onChange={(e) => setValues((v) => ({ ...v, retired: e.target.checked }))}
          />
        ) : null}
        {error ? (
          <FormError>{[error, ...others.map(([field, message]) => `${field}: ${message}`)].join(' ')}</FormError>
        ) : null}
        <footer>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save question'}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
