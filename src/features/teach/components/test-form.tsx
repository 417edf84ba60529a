import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IST_NAME, type Question, type Test } from '../../../../contract/index.ts';
import { CheckField, SelectField, TextField } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { FormError } from '../../../components/notice.tsx';
import { initialTestValues, toTestBody, type TestFormValues } from '../test-form-values.ts';
import type { TeachTestsMachines } from '../types.ts';
import { KIND } from './test-labels.tsx';
import { TestSections } from './test-sections.tsx';

type Choice = { value: string; label: string };
type Props = {
  item: Test | null;
  programs: Choice[];
  /** The batches of each program, by program id. */
  batches: Map<string, Choice[]>;
  questions: TeachTestsMachines['questions'];
  saving: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onClose: () => void;
};

/** The fields the form shows at a field; a refusal of any other is listed in the form's error. */
const AT_FIELD =
  /^(title|program|batch|kind|sections(\.\d+\.(title|questions|duration_minutes))?|duration_minutes|opens_at|closes_at|attempts_allowed|pass_percent|results_at)$/;
const RESULTS = [
  { value: 'after_close', label: 'When the test closes' },
  { value: 'immediately', label: 'As soon as each attempt is submitted' },
  { value: 'at', label: 'At a date and time' },
];

/**
 * Add or edit a test (decision record 071): every field of the contract's test, its sections with questions
 * chosen from the bank, times in IST. A refusal shows at its field, and the focus moves to the first one.
 */
export function TestForm({ item, programs, batches, questions, saving, error, fieldErrors, onSubmit, onClose }: Props) {
  const [values, setValues] = useState<TestFormValues>(() => initialTestValues(item));
  const [bank, sendBank] = useMachine(questions, { input: { failureText: 'The question bank could not be loaded.' } });
  // Every question the bank has answered with, by id (the words of those chosen, whatever the search shows
  // now): kept from render to render, adjusted when a new answer arrives (React's "storing information from
  // previous renders").
  const [known, setKnown] = useState(() => new Map<number, Question>());
  const [seen, setSeen] = useState<Question[]>([]);
  if (bank.context.items !== seen) {
    setSeen(bank.context.items);
    setKnown(new Map([...known, ...bank.context.items.map((q) => [q.id, q] as const)]));
  }
  // A new test's program is the first taught one until another is chosen. The programs come from their own
  // request, which may answer after the dialog opened, so it is read at each render, not kept when it opens.
  const program = values.program || (programs[0]?.value ?? '');
  const form = useRef<HTMLFormElement>(null);
  const locked = (item?.attempts ?? 0) > 0;

  // After the dialog's error (which takes the focus itself), the first refused field takes it (decision 068).
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], p.field-error[tabindex="-1"]')?.focus();
  }, [fieldErrors]);

  const set =
    <K extends keyof TestFormValues>(name: K) =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value as TestFormValues[K] }));
  const check =
    (name: 'shuffle_questions' | 'shuffle_options' | 'certificate_rule') => (e: { target: { checked: boolean } }) =>
      setValues((v) => ({ ...v, [name]: e.target.checked }));
  const others = Object.entries(fieldErrors).filter(([field]) => !AT_FIELD.test(field));
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(toTestBody({ ...values, program }, locked));
  }
  const istHint = `Typed in ${IST_NAME}`;

  return (
    <Modal title={item ? 'Edit test' : 'Add test'} onClose={onClose}>
      <form ref={form} onSubmit={submit} noValidate className="test-form">
        <TextField label="Title" required value={values.title} onChange={set('title')} error={fieldErrors.title} />
        <div className="form-row">
          <SelectField
            label="Program"
            required
            options={programs}
            disabled={locked}
            value={program}
            onChange={(e) => setValues((v) => ({ ...v, program: e.target.value, batch: '' }))}
            error={fieldErrors.program}
          />
          <SelectField
            label="Batch"
            options={batches.get(program) ?? []}
            placeholder="Every batch of the program"
            value={values.batch}
            onChange={set('batch')}
            error={fieldErrors.batch}
          />
          <SelectField
            label="Kind"
            options={Object.entries(KIND).map(([value, label]) => ({ value, label }))}
            value={values.kind}
            onChange={set('kind')}
            error={fieldErrors.kind}
          />
        </div>
        <TestSections
          sections={values.sections}
          onChange={(sections) => setValues((v) => ({ ...v, sections }))}
          program={program ? Number(program) : null}
          bank={{
            items: bank.context.items,
            loading: bank.hasTag('busy'),
            error: bank.context.error,
            search: (params) => sendBank({ type: 'list.search', params }),
          }}
          known={known}
          fieldErrors={fieldErrors}
          locked={locked}
        />
        <div className="form-row">
          <TextField
            label="Duration (minutes)"
            required
            inputMode="numeric"
            value={values.duration_minutes}
            onChange={set('duration_minutes')}
            error={fieldErrors.duration_minutes}
          />
          <TextField
            label="Attempts allowed"
            hint="Empty: unlimited"
            inputMode="numeric"
            value={values.attempts_allowed}
            onChange={set('attempts_allowed')}
            error={fieldErrors.attempts_allowed}
          />
          <TextField
            label="Pass mark (%)"
            inputMode="decimal"
            value={values.pass_percent}
            onChange={set('pass_percent')}
            error={fieldErrors.pass_percent}
          />
        </div>
        <div className="form-row">
          <TextField
            label="Opens at (IST)"
            type="datetime-local"
            required
            hint={istHint}
            value={values.opens_at}
            onChange={set('opens_at')}
            error={fieldErrors.opens_at}
          />
          <TextField
            label="Closes at (IST)"
            type="datetime-local"
            required
            hint={istHint}
            value={values.closes_at}
            onChange={set('closes_at')}
            error={fieldErrors.closes_at}
          />
        </div>
        <SelectField
          label="Results shown"
          options={RESULTS}
          value={values.results_mode}
          onChange={set('results_mode')}
          error={values.results_mode === 'at' ? undefined : fieldErrors.results_at}
        />
        {values.results_mode === 'at' ? (
          <TextField
            label="Results at (IST)"
            type="datetime-local"
            required
            hint={istHint}
            value={values.results_at}
            onChange={set('results_at')}
            error={fieldErrors.results_at}
          />
        ) : null}
        <CheckField
          label="Shuffle the questions"
          checked={values.shuffle_questions}
          onChange={check('shuffle_questions')}
        />
        <CheckField label="Shuffle the options" checked={values.shuffle_options} onChange={check('shuffle_options')} />
        <CheckField
          label="Certificate rule: a student must pass this test to be eligible for the certificate"
          checked={values.certificate_rule}
          onChange={check('certificate_rule')}
        />
        {error ? (
          <FormError>{[error, ...others.map(([field, message]) => `${field}: ${message}`)].join(' ')}</FormError>
        ) : null}
        <footer>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save test'}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
