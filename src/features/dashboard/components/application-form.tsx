import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { PDF_ACCEPT, pdfRule, type StudentOpening } from '../../../../contract/index.ts';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { FormError } from '../../../components/notice.tsx';
import type { OpeningsMachines } from '../types.ts';

/**
 * Apply to an opening (decision record 078): the cover note and the résumé (a PDF within the upload limit,
 * shown beside the input), checked with the contract's ApplicationForm by the form-submit machine
 * `application-form` and sent as a form through the one upload; the server's refusal (the opening closed,
 * already applied, not a PDF, too large) shows in the form. Once sent, the Openings reload and list it.
 */
export function ApplicationForm({
  opening,
  machines,
  maxBytes,
  onApplied,
}: {
  opening: StudentOpening;
  machines: OpeningsMachines;
  maxBytes: number;
  onApplied: () => void;
}) {
  const [logic] = useState(() => machines.applyFor(opening.id, onApplied));
  const [snapshot, send] = useMachine(logic);
  const [coverNote, setCoverNote] = useState('');
  const [resume, setResume] = useState<File | null>(null);
  const { errors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const name = `${opening.title}, ${opening.employer_name}`;
  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values: { cover_note: coverNote, resume: resume as File } });
  }
  return (
    <details className="apply">
      <summary>Apply</summary>
      <form onSubmit={submit} noValidate aria-label={`Apply: ${name}`}>
        {snapshot.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
        <TextAreaField
          label="Cover note (optional): why this role, and what you bring"
          name="cover_note"
          rows={4}
          value={coverNote}
          error={errors.cover_note}
          onChange={(e) => setCoverNote(e.target.value)}
        />
        <TextField
          label="Résumé"
          name="resume"
          type="file"
          accept={PDF_ACCEPT}
          required
          hint={`${pdfRule(maxBytes)}.${resume ? ` Chosen: ${resume.name}.` : ''}`}
          error={errors.resume}
          onChange={(e) => setResume(e.target.files?.[0] ?? null)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send application'}
        </button>
      </form>
    </details>
  );
}
