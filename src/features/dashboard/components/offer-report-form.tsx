import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { PDF_ACCEPT, pdfRule, PLACEMENT_MESSAGES, type StudentPlacementBatch } from '../../../../contract/index.ts';
import type { OfferReportLogic } from '../../../../machines/form-submit.machine.ts';
import { SelectField, TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';

type Values = {
  batch: string;
  employer_name: string;
  designation: string;
  annual_ctc: string;
  offer_date: string;
  joining_date: string;
};

/** The typed strings as the contract's StudentOfferForm takes them (the machine checks them), and the letter. */
const asInput = (v: Values, letter: File | null) => ({
  batch: Number(v.batch) || undefined,
  employer_name: v.employer_name,
  designation: v.designation,
  annual_ctc: v.annual_ctc.trim() === '' ? undefined : Number(v.annual_ctc.replace(/[,\s]/g, '')),
  offer_date: v.offer_date,
  joining_date: v.joining_date || null,
  offer_letter: letter,
});

/**
 * Report an offer (decision record 078): the offer-report machine checks the values with the contract's
 * schema, sends them with the offer letter when one is chosen (a PDF of at most `maxBytes`, through the one
 * upload), and the section lists the offer as claimed; it counts in no figure until the employer or the
 * office verifies it (the office reads the letter for that).
 */
export function OfferReportForm({
  logic,
  batches,
  maxBytes,
}: {
  logic: OfferReportLogic;
  batches: StudentPlacementBatch[];
  maxBytes: number;
}) {
  const [snapshot, send] = useMachine(logic);
  const first = batches[0] ? String(batches[0].batch) : '';
  const [values, setValues] = useState<Values>({
    batch: first,
    employer_name: '',
    designation: '',
    annual_ctc: '',
    offer_date: '',
    joining_date: '',
  });
  const [letter, setLetter] = useState<File | null>(null);
  const { errors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values: asInput(values, letter) as never });
  }
  return (
    <form className="offer-report" onSubmit={submit} noValidate aria-labelledby="report-offer">
      <h3 id="report-offer">Report an offer</h3>
      {snapshot.matches('done') ? <Notice kind="success">{PLACEMENT_MESSAGES.offerReported}</Notice> : null}
      {snapshot.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
      <SelectField
        label="Batch"
        options={batches.map((b) => ({ value: String(b.batch), label: `${b.program_title} · ${b.batch_name}` }))}
        {...field('batch')}
      />
      <TextField label="Employer" hint="As on the offer letter" {...field('employer_name')} />
      <TextField label="Designation" {...field('designation')} />
      <TextField label="Annual CTC (₹ a year)" inputMode="numeric" {...field('annual_ctc')} />
      <TextField label="Offer date" type="date" {...field('offer_date')} />
      <TextField label="Joining date (if known)" type="date" {...field('joining_date')} />
      <TextField
        label="Offer letter (if you have it)"
        name="offer_letter"
        type="file"
        accept={PDF_ACCEPT}
        hint={`${pdfRule(maxBytes)}; the placement office reads it to verify the offer.${letter ? ` Chosen: ${letter.name}.` : ''}`}
        error={errors.offer_letter}
        onChange={(e) => setLetter(e.target.files?.[0] ?? null)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Reporting...' : 'Report offer'}
      </button>
    </form>
  );
}
