import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { PDF_ACCEPT, pdfRule, PLACEMENT_DOCUMENT_MESSAGES as D, type Offer } from '../../../../contract/index.ts';
import type { OfferLetterLogic } from '../../../../machines/form-submit.machine.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';

/**
 * Add offer letter / Replace offer letter under a claimed offer (decision record 078): the offer-letter
 * machine checks that a PDF is chosen, sends it through the one upload (PUT …/offer-letter/), and the
 * section reloads its offers, which then link the letter. A refusal (the offer verified meanwhile, the file
 * too large, not a PDF) shows in this form, focused, next to its button.
 */
export function OfferLetterForm({
  logic,
  offer,
  maxBytes,
}: {
  logic: OfferLetterLogic;
  offer: Offer;
  maxBytes: number;
}) {
  const [snapshot, send] = useMachine(logic);
  const [letter, setLetter] = useState<File | null>(null);
  const { errors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const action = offer.offer_letter ? 'Replace offer letter' : 'Add offer letter';
  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values: { offer_letter: letter } as never });
  }
  return (
    <form
      className="offer-letter-form"
      onSubmit={submit}
      noValidate
      aria-label={`Offer letter: ${offer.designation}, ${offer.employer_name}`}
    >
      {snapshot.matches('done') ? <Notice kind="success">{D.offerLetterSaved}</Notice> : null}
      <TextField
        label="Offer letter (PDF)"
        name="offer_letter"
        type="file"
        accept={PDF_ACCEPT}
        hint={`${pdfRule(maxBytes)}.${letter ? ` Chosen: ${letter.name}.` : ''}`}
        error={errors.offer_letter}
        onChange={(e) => setLetter(e.target.files?.[0] ?? null)}
      />
      {snapshot.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
      <button type="submit" className="btn btn-outline btn-small" disabled={busy}>
        {busy ? 'Uploading...' : action}
      </button>
    </form>
  );
}
