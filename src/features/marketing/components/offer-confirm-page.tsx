import { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ConfirmationView } from '../../../../contract/placement.ts';
import type { ActionLogic } from '../../../../machines/action.machine.ts';
import { FormError, Notice } from '../../../components/notice.tsx';
import { formatDate, formatINR } from '../../../utils/format.ts';

type Decision = 'confirm' | 'correct' | 'deny';
export type OfferConfirmationLogic = {
  view: ActionLogic<ConfirmationView>;
  answer: ActionLogic<{ message: string }>;
  choose: (values: { decision: Decision; designation?: string; annual_ctc?: number }) => void;
};

const INVALID = 'This confirmation link is not valid. Ask the institute for a new one.';

/** An employer's HR confirms, corrects or denies an offer a student reported (decision record 070). */
export function OfferConfirmPage({ logic }: { logic: OfferConfirmationLogic }) {
  const [view, sendView] = useMachine(logic.view, { input: { failureText: INVALID } });
  const [answer, sendAnswer] = useMachine(logic.answer, { input: { failureText: INVALID } });
  const [decision, setDecision] = useState<Decision>('confirm');
  const [designation, setDesignation] = useState('');
  const [ctc, setCtc] = useState('');
  useEffect(() => sendView({ type: 'action.run' }), [sendView]);
  const offer = view.context.output;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    logic.choose({
      decision,
      ...(decision === 'correct' && designation.trim() ? { designation: designation.trim() } : {}),
      ...(decision === 'correct' && ctc ? { annual_ctc: Number(ctc) } : {}),
    });
    sendAnswer({ type: 'action.run' });
  };

  return (
    <div className="container narrow">
      <h1>Confirm an offer</h1>
      {view.matches('failed') ? <Notice kind="error">{view.context.error}</Notice> : null}
      {!offer && !view.matches('failed') ? <p role="status">Loading the offer...</p> : null}
      {answer.matches('done') ? <Notice kind="success">{answer.context.output?.message}</Notice> : null}
      {offer && !answer.matches('done') ? (
        <form className="card" onSubmit={submit} aria-labelledby="offer-title">
          <h2 id="offer-title">
            {offer.employer_name}: an offer to {offer.student_name}
          </h2>
          <dl className="facts">
            <dt>Designation</dt>
            <dd>{offer.designation}</dd>
            <dt>Annual CTC</dt>
            <dd>{formatINR(offer.annual_ctc)}</dd>
            <dt>Offer date</dt>
            <dd>{formatDate(offer.offer_date)}</dd>
          </dl>
          <fieldset>
            <legend>Your answer</legend>
            {(
              [
                ['confirm', 'Yes, we made this offer as shown'],
                ['correct', 'We made this offer, with corrections'],
                ['deny', 'We did not make this offer'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name="decision"
                  value={value}
                  checked={decision === value}
                  onChange={() => setDecision(value)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          {decision === 'correct' ? (
            <>
              <label htmlFor="offer-designation">Designation</label>
              <input id="offer-designation" value={designation} onChange={(e) => setDesignation(e.target.value)} />
              <label htmlFor="offer-ctc">Annual CTC (₹ a year)</label>
              <input
                id="offer-ctc"
                inputMode="numeric"
                value={ctc}
                onChange={(e) => setCtc(e.target.value.replace(/\D/g, ''))}
              />
            </>
          ) : null}
          {answer.matches('failed') ? <FormError>{answer.context.error}</FormError> : null}
          <button type="submit" className="btn btn-primary" disabled={answer.hasTag('busy')}>
            {answer.hasTag('busy') ? 'Sending...' : 'Send answer'}
          </button>
        </form>
      ) : null}
    </div>
  );
}
