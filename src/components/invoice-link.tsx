import { API, type Payment } from '../../contract/index.ts';
import { api } from '../lib/api-client.ts';

/**
 * "Download invoice" for a completed payment with a tax invoice: the PDF is fetched with the access token
 * (a plain link would carry none) and saved as invoice-CCI-26-27-00042.pdf.
 */
export function InvoiceLink({ payment }: { payment: Pick<Payment, 'id' | 'invoice_number'> | null | undefined }) {
  if (!payment?.invoice_number) return null;
  const filename = `invoice-${payment.invoice_number.replaceAll('/', '-')}.pdf`;
  return (
    <a
      className="btn btn-link"
      href={API.payments.invoice(payment.id)}
      download={filename}
      onClick={(event) => {
        event.preventDefault();
        void api.download(API.payments.invoice(payment.id), filename).catch(() => {
          // A failed download leaves the page as it is; the link can be clicked again.
        });
      }}
    >
      Download invoice
    </a>
  );
}
