import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { StudentOpening } from '../../../../contract/index.ts';
import { TextAreaField } from '../../../components/field.tsx';
import { FormError } from '../../../components/notice.tsx';
import type { OpeningsMachines } from '../types.ts';

/**
 * Apply to an opening (decision record 078): the cover note, checked with the contract's ApplicationInput
 * by the form-submit machine `application-form`; the server's refusal (the opening closed, already
 * applied) shows in the form. Once sent, the Openings reload and list the application.
 */
export function ApplicationForm({
  opening,
  machines,
  onApplied,
}: {
  opening: StudentOpening;
  machines: OpeningsMachines;
  onApplied: () => void;
}) {
  const [logic] = useState(() => machines.applyFor(opening.id, onApplied));
  const [snapshot, send] = useMachine(logic);
  const [coverNote, setCoverNote] = useState('');
  const { errors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const name = `${opening.title}, ${opening.employer_name}`;
  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values: { cover_note: coverNote } });
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
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send application'}
        </button>
      </form>
    </details>
  );
}
