import { useEffect, useRef } from 'react';

type Props = {
  answered: number;
  total: number;
  unsaved: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Submit's confirmation in the page (decision record 003): what is answered, then submit or go back. */
export function SubmitConfirm({ answered, total, unsaved, busy, onConfirm, onCancel }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="exam-confirm" aria-labelledby="exam-confirm-title">
      <h2 id="exam-confirm-title" ref={heading} tabIndex={-1}>
        Submit the test?
      </h2>
      <p>
        You have answered {answered} of {total} questions.
        {unsaved > 0
          ? ` ${unsaved} answer${unsaved === 1 ? ' is' : 's are'} not yet saved and will be sent first.`
          : ''}{' '}
        Once submitted, answers can no longer change.
      </p>
      <div className="btn-row">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>
          Yes, submit the test
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Keep answering
        </button>
      </div>
    </section>
  );
}
