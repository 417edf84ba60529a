import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  formatRupees,
  PLACEMENT_MESSAGES,
  type Offer,
  type StudentPlacementBatch,
} from '../../../../contract/index.ts';
import { PLACEMENT_PAGES } from '../../../../contract/placement-paths.ts';
import { Badge } from '../../../components/badges.tsx';
import { FileLink } from '../../../components/file-link.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { FormError } from '../../../components/notice.tsx';
import { formatDate } from '../../../utils/format.ts';
import type { PlacementMachines } from '../types.ts';
import type { OfferLetterLogic } from '../../../../machines/form-submit.machine.ts';
import { OfferLetterForm } from './offer-letter-form.tsx';
import { OfferReportForm } from './offer-report-form.tsx';
import { OpeningsSection } from './openings-section.tsx';

/**
 * The dashboard's Placement (decision record 078), for a student of a program batch: their offers and
 * whether each is verified, Report an offer, and opting out of placement per batch (IPRS: a student who
 * does not seek a job is not counted among those seeking placement).
 */
export function PlacementSection({ machines }: { machines: PlacementMachines }) {
  const [snapshot, send] = useMachine(machines.loader, { input: { failureText: PLACEMENT_MESSAGES.loadFailed } });
  const reload = () => send({ type: 'loader.reload' });
  const [report] = useState(() => machines.reportFor(() => send({ type: 'loader.reload' })));
  const data = snapshot.context.data;
  const letterFor = machines.letterFor && ((offerId: number) => machines.letterFor!(offerId, reload));
  if (data && data.batches.length === 0) return null;
  return (
    <section aria-labelledby="placement" className="placement-section">
      <h2 id="placement" className="section-title">
        Placement
      </h2>
      <ListStatus
        loading={data === null && snapshot.matches('loading')}
        loadingText="Loading your placement record..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={reload}
        empty={false}
        emptyText=""
      >
        {data ? (
          <>
            <p>
              An offer counts in the institute’s placement figures once your employer or the placement office verifies
              it. <Link to={PLACEMENT_PAGES.methodology}>How we count</Link>
            </p>
            {machines.openings ? <OpeningsSection machines={machines.openings} maxBytes={data.uploadMaxBytes} /> : null}
            <h3>Your offers</h3>
            <OfferList offers={data.offers} letterFor={letterFor} maxBytes={data.uploadMaxBytes} />
            <OfferReportForm logic={report} batches={data.batches} maxBytes={data.uploadMaxBytes} />
            <h3>Seeking placement</h3>
            <ul className="placement-batches">
              {data.batches.map((b) => (
                <BatchChoice key={`${b.batch}-${b.opt_out}`} batch={b} machines={machines} onDone={reload} />
              ))}
            </ul>
          </>
        ) : null}
      </ListStatus>
    </section>
  );
}

const STATUS: Record<Offer['status'], [string, string]> = {
  claimed: ['amber', 'Waiting for verification'],
  verified: ['green', 'Verified'],
  rejected: ['red', 'Not verified'],
};

/** The student's offers; a claimed one takes its letter (added or replaced) while it waits for verification. */
function OfferList(props: { offers: Offer[]; letterFor?: (offerId: number) => OfferLetterLogic; maxBytes: number }) {
  const { offers, letterFor, maxBytes } = props;
  if (offers.length === 0) return <p className="status-text">You have not reported an offer yet.</p>;
  return (
    <ul className="offer-list" aria-label="Your offers">
      {offers.map((o) => (
        <li key={o.id}>
          <strong>{o.designation}</strong>, {o.employer_name}: {formatRupees(o.annual_ctc)} a year (offer of{' '}
          {formatDate(o.offer_date)}, {o.batch_name}) <Badge colour={STATUS[o.status][0]}>{STATUS[o.status][1]}</Badge>
          {o.offer_letter ? (
            <>
              {' '}
              <FileLink file={o.offer_letter} label={`Offer letter: ${o.offer_letter.file_name}`} />
            </>
          ) : null}
          {letterFor && o.status === 'claimed' ? (
            <LetterSlot offer={o} letterFor={letterFor} maxBytes={maxBytes} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** One offer's letter form, its machine made once for the offer (the list's reload keeps it). */
function LetterSlot(props: { offer: Offer; letterFor: (offerId: number) => OfferLetterLogic; maxBytes: number }) {
  const [logic] = useState(() => props.letterFor(props.offer.id));
  return <OfferLetterForm logic={logic} offer={props.offer} maxBytes={props.maxBytes} />;
}

/** One batch's opt-out: an action machine per choice; the section reloads once it is saved. */
function BatchChoice({
  batch,
  machines,
  onDone,
}: {
  batch: StudentPlacementBatch;
  machines: PlacementMachines;
  onDone: () => void;
}) {
  const [logic] = useState(() => machines.optOutFor(batch.batch, !batch.opt_out, onDone));
  const [snapshot, send] = useMachine(logic, { input: {} });
  const busy = snapshot.hasTag('busy');
  const name = `${batch.program_title} · ${batch.batch_name}`;
  let state = 'Seeking placement';
  if (batch.placed) state = 'Placed (a verified offer)';
  else if (batch.opt_out) state = 'Opted out of placement';
  return (
    <li>
      {name}: <strong>{state}</strong>{' '}
      {batch.placed ? null : (
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy}
          onClick={() => send({ type: 'action.run' })}
          aria-label={`${batch.opt_out ? 'Seek placement again' : 'Opt out of placement'}: ${name}`}
        >
          {batch.opt_out ? 'Seek placement again' : 'Opt out of placement'}
        </button>
      )}
      {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
    </li>
  );
}
