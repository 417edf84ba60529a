import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { Offer } from '../../../../contract/index.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import type { AdminMachines } from '../types.ts';

/**
 * A claimed offer's Ask employer (decision record 070): the single-use confirmation link (24 hours) goes to
 * an HR contact on the employer's own domain; the server says which addresses it refuses and why.
 */
export function OfferConfirmationRequest({ offer, machines }: { offer: Offer; machines: AdminMachines }) {
  const [email, setEmail] = useState('');
  return (
    <fieldset className="offer-confirmation">
      <legend>
        {offer.designation} at {offer.employer_name}, for {offer.student_name}
      </legend>
      <TextField
        label="HR contact's email (on the employer's own domain)"
        name="contact_email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {/* One action machine per address (the call carries it); a change starts afresh. */}
      <SendButton key={email} offerId={offer.id} email={email} machines={machines} />
    </fieldset>
  );
}

function SendButton({ offerId, email, machines }: { offerId: number; email: string; machines: AdminMachines }) {
  const [logic] = useState(() => machines.offerConfirmationFor!(offerId, email));
  const [snapshot, send] = useMachine(logic, { input: {} });
  const running = snapshot.hasTag('busy');
  if (snapshot.matches('done')) return <Notice kind="success">{snapshot.context.output}</Notice>;
  return (
    <>
      {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => send({ type: 'action.run' })}
        disabled={running || !email.includes('@')}
      >
        {running ? 'Sending...' : 'Send confirmation link'}
      </button>
    </>
  );
}
