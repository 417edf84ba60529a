import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { API, MESSAGES, taxDocumentFileName, type Payment } from '../../contract/index.ts';
import { createActionMachine } from '../../machines/action.machine.ts';
import { api } from '../lib/api-client.ts';
import { Notice } from './notice.tsx';

const downloadMachine = createActionMachine<void>();

/**
 * "Download invoice" for a completed payment with a tax invoice, saved as `Invoice CCI-26-27-00042.pdf`. A
 * failed download says why (the server's words, else MESSAGES.invoiceDownloadFailed) beside the link,
 * which can be clicked again; the download runs on the action machine.
 */
export function InvoiceLink({ payment }: { payment: Pick<Payment, 'id' | 'invoice_number'> | null | undefined }) {
  if (!payment?.invoice_number) return null;
  return <Download payment={payment.id} filename={taxDocumentFileName('invoice', payment.invoice_number)} />;
}

function Download({ payment, filename }: { payment: number; filename: string }) {
  // The run fetches the PDF with the access token (a plain link would carry none) and saves it.
  const [snapshot, send] = useMachine(
    downloadMachine.provide({
      actors: { run: fromPromise(() => api.download(API.payments.invoice(payment), filename)) },
    }),
    { input: { failureText: MESSAGES.invoiceDownloadFailed } },
  );
  return (
    <>
      <a
        className="btn btn-link"
        href={API.payments.invoice(payment)}
        download={filename}
        aria-busy={snapshot.hasTag('busy') || undefined}
        onClick={(event) => {
          event.preventDefault();
          send({ type: 'action.run' });
        }}
      >
        Download invoice
      </a>
      {snapshot.matches('failed') && snapshot.context.error ? (
        <Notice kind="error">{snapshot.context.error}</Notice>
      ) : null}
    </>
  );
}
