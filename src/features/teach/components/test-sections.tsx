import { useState } from 'react';
import type { Question } from '../../../../contract/index.ts';
import { CheckField, TextField } from '../../../components/field.tsx';
import { moveSection, newSection, toggleQuestion, type SectionValues } from '../test-form-values.ts';

/** The bank as the form reads it: the loaded questions, and the search the picker sends (topic, words). */
export type Bank = {
  items: Question[];
  loading: boolean;
  error: string | null;
  search: (params: { topic: string; search: string }) => void;
};

type Props = {
  sections: SectionValues[];
  onChange: (sections: SectionValues[]) => void;
  /** The test's program: the picker offers its questions and the shared bank's. */
  program: number | null;
  bank: Bank;
  /** Every question seen, by id: the words of those chosen. */
  known: Map<number, Question>;
  fieldErrors: Record<string, string>;
  /** Students have attempted the test: its sections are shown, not changed. */
  locked: boolean;
};

const short = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}...` : text);

/** A message at its part of the form, focusable (the form moves the focus to the first one refused). */
function PartError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

/**
 * A test's sections: add, remove and move them; each has a title, an optional timer and questions chosen
 * from the bank (the program's and the shared bank's), filtered by topic and words.
 */
export function TestSections({ sections, onChange, program, bank, known, fieldErrors, locked }: Props) {
  const [picking, setPicking] = useState<number | null>(null);
  const set = (index: number, patch: Partial<SectionValues>) =>
    onChange(sections.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const sectionOf = new Map(sections.flatMap((s, i) => s.questions.map((q) => [q, i] as const)));
  const label = (id: number) => (known.get(id) ? short(known.get(id)!.text) : `Question #${id}`);

  return (
    <fieldset className="test-sections">
      <legend>Sections</legend>
      {locked ? <p className="hint">Students have attempted this test, so its sections and questions stay.</p> : null}
      <PartError message={fieldErrors.sections} />
      {sections.map((section, index) => {
        const name = section.title.trim() || `Section ${index + 1}`;
        const err = (field: string) => fieldErrors[`sections.${index}.${field}`];
        return (
          <section key={section.key} className="card test-section" aria-label={`Section ${index + 1}: ${name}`}>
            <TextField
              label={`Section ${index + 1} title`}
              required
              disabled={locked}
              value={section.title}
              onChange={(e) => set(index, { title: e.target.value })}
              error={err('title')}
            />
            <TextField
              label="Section timer (minutes, optional)"
              inputMode="numeric"
              disabled={locked}
              value={section.duration_minutes}
              onChange={(e) => set(index, { duration_minutes: e.target.value })}
              error={err('duration_minutes')}
            />
            <p className="meta">
              {section.questions.length} question{section.questions.length === 1 ? '' : 's'}
            </p>
            <PartError message={err('questions')} />
            <ol className="test-section-questions">
              {section.questions.map((id) => (
                <li key={id}>
                  {label(id)}{' '}
                  {locked ? null : (
                    <button
                      type="button"
                      className="btn btn-link btn-small"
                      aria-label={`Remove from ${name}: ${label(id)}`}
                      onClick={() => onChange(toggleQuestion(sections, index, id))}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {locked ? null : (
              <div className="actions">
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  aria-expanded={picking === index}
                  onClick={() => setPicking(picking === index ? null : index)}
                >
                  {picking === index ? 'Done choosing' : `Choose questions for ${name}`}
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  disabled={index === 0}
                  onClick={() => onChange(moveSection(sections, index, -1))}
                >
                  Move {name} up
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  disabled={index === sections.length - 1}
                  onClick={() => onChange(moveSection(sections, index, 1))}
                >
                  Move {name} down
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  disabled={sections.length === 1}
                  onClick={() => {
                    setPicking(null);
                    onChange(sections.filter((_, i) => i !== index));
                  }}
                >
                  Remove {name}
                </button>
              </div>
            )}
            {picking === index ? (
              <QuestionPicker
                name={name}
                bank={bank}
                program={program}
                chosen={(id) => sectionOf.get(id)}
                sectionTitle={(i) => sections[i]?.title.trim() || `Section ${i + 1}`}
                index={index}
                onToggle={(id) => onChange(toggleQuestion(sections, index, id))}
              />
            ) : null}
          </section>
        );
      })}
      {locked ? null : (
        <button
          type="button"
          className="btn btn-outline"
          disabled={sections.length >= 10}
          onClick={() => onChange([...sections, newSection(`Section ${String.fromCharCode(65 + sections.length)}`)])}
        >
          Add section
        </button>
      )}
    </fieldset>
  );
}

type PickerProps = {
  name: string;
  index: number;
  bank: Bank;
  program: number | null;
  /** The section a question is in, if any. */
  chosen: (id: number) => number | undefined;
  sectionTitle: (index: number) => string;
  onToggle: (id: number) => void;
};

/** The bank, filtered by the test's program (and the shared bank), topic and words; a box per question. */
function QuestionPicker({ name, index, bank, program, chosen, sectionTitle, onToggle }: PickerProps) {
  const [filters, setFilters] = useState({ topic: '', search: '' });
  const filter = (key: 'topic' | 'search', value: string) => {
    const next = { ...filters, [key]: value };
    setFilters(next);
    bank.search(next);
  };
  const offered = bank.items.filter((q) => !q.retired && (q.program === null || q.program === program));
  return (
    <div className="question-picker" role="group" aria-label={`Choose questions for ${name}`}>
      <div className="filters">
        <TextField label="Topic" value={filters.topic} onChange={(e) => filter('topic', e.target.value)} />
        <TextField
          label="Search the bank"
          type="search"
          value={filters.search}
          onChange={(e) => filter('search', e.target.value)}
        />
      </div>
      {bank.error ? <p className="field-error">{bank.error}</p> : null}
      {bank.loading && offered.length === 0 ? <p>Loading questions...</p> : null}
      {!bank.loading && offered.length === 0 ? <p>No question of this program or the shared bank matches.</p> : null}
      <ul className="question-picker-list">
        {offered.map((q) => {
          const at = chosen(q.id);
          const elsewhere = at !== undefined && at !== index;
          return (
            <li key={q.id}>
              <CheckField
                label={`${short(q.text)} (${q.topic}${elsewhere ? `; in ${sectionTitle(at)}` : ''})`}
                checked={at === index}
                disabled={elsewhere}
                onChange={() => onToggle(q.id)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
