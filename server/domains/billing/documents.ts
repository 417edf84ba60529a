import { proportionalSplit, SAC_TRAINING, stateName, type TaxSplit } from '../../../contract/gst.ts';
import { quote, type Quote, type QuoteDiscount } from '../../../contract/quote.ts';
import type { Institute } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { PaymentRow, TaxDocumentRow } from '../../platform/db/schema.ts';
import { createTaxDocumentRepository } from './repository.ts';
import { instalmentPlace } from '../pricing/index.ts';
import { formatNumber } from './numbering.ts';
import { financialYear } from '../../../contract/time.ts';
import { amountInWords } from './words.ts';
import { paymentTotalPaise, rupeesToPaise } from '../../../contract/money.ts';

/**
 * Invoices and credit notes. Each is issued inside the transaction of its money event (a completed
 * payment, a refund) and stored with a snapshot of everything printed on it, so the PDF reads the same
 * whenever it is downloaded, whatever changes later in the catalogue, the account or the configuration.
 */

export type Party = { name: string; address: string; stateCode: string; stateName: string; gstin: string | null };

export type TaxDocumentData = {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  supplier: Party & { email: string; phone: string };
  recipient: Party & { email: string | null; gstinName: string | null };
  placeOfSupply: { code: string; name: string };
  sac: string;
  description: string;
  split: TaxSplit;
  amountInWords: string;
  /**
   * The discount given before supply (decision record 053), printed above the taxable value: the list price,
   * the discount and its code (null: a scholarship). Absent without a discount (and on older documents).
   */
  discount?: { listPrice: number; discount: number; code: string | null; pricesIncludeGst: boolean } | null;
  /** Credit notes: the invoice they correct. */
  invoice: { number: string; issuedAt: string } | null;
  /** How it was paid: the gateway's payment id and when (absent on documents issued before it was kept). */
  payment?: { gatewayPaymentId: string | null; paidAt: string | null };
  /** Credit notes: why the money was given back, and the gateway's refund id. */
  refund?: { reason: string; gatewayRefundId: string | null } | null;
  paymentId: number;
  refundId: number | null;
};

/**
 * What a payment is charged and its GST split, by the shared quote (contract/quote.ts): the list price less
 * the discount it was quoted (a fixed amount of exactly that many paise gives the same discount again),
 * taxed the way it was charged: exclusive prices were charged the discounted price plus GST.
 */
function paymentQuote(
  payment: Pick<PaymentRow, 'amount' | 'total_paise' | 'discount_paise' | 'coupon_code' | 'coupon_id'>,
  intraState: boolean,
): Quote {
  const listPrice = rupeesToPaise(payment.amount);
  const discount = Math.min(listPrice, Number(payment.discount_paise ?? 0));
  const total = paymentTotalPaise(payment);
  const coupon: QuoteDiscount | null =
    discount > 0
      ? {
          kind: 'fixed',
          value: discount,
          code: payment.coupon_code,
          source: payment.coupon_code ? 'coupon' : 'scholarship',
        }
      : null;
  if (total > listPrice - discount) return quote({ listPrice, coupon, pricesIncludeGst: false, intraState });
  if (!coupon) return quote({ listPrice: total, pricesIncludeGst: true, intraState });
  return quote({ listPrice, coupon, pricesIncludeGst: true, intraState });
}

export function parseDocument(row: Pick<TaxDocumentRow, 'data'>): TaxDocumentData {
  return JSON.parse(row.data) as TaxDocumentData;
}

function insertDocument(trx: Db, data: TaxDocumentData, row: Omit<TaxDocumentRow, 'id' | 'data'>) {
  return createTaxDocumentRepository(trx).insert({ ...row, data: JSON.stringify(data) });
}

export function createBilling(institute: Institute) {
  const supplier = {
    name: institute.legalName,
    address: institute.address,
    stateCode: institute.stateCode,
    stateName: stateName(institute.stateCode) ?? '',
    gstin: institute.gstin,
    email: institute.email,
    phone: institute.phone,
  };

  return {
    /**
     * Issues the tax invoice of a completed payment, in the caller's transaction (the one completing it).
     * Idempotent: answers the existing invoice if there is one; null for a payment of nothing.
     * `beforePayment`: an instalment's invoice on its due date (INSTALMENT_INVOICE_ON=due_date, decision
     * record 054) is issued for its payment while still pending. `issuedAt`: the demo seed's invoices, issued
     * when their payments were completed (default: now).
     */
    async issueInvoice(
      trx: Db,
      paymentId: number,
      options: { beforePayment?: boolean; issuedAt?: string } = {},
    ): Promise<TaxDocumentRow | null> {
      const documents = createTaxDocumentRepository(trx);
      const existing = await documents.findInvoice(paymentId);
      if (existing) return existing;
      const payment = await documents.paymentForInvoice(paymentId);
      if (!payment) throw new Error(`issueInvoice: no payment ${paymentId}.`);
      const issuable = payment.status === 'completed' || (options.beforePayment && payment.status === 'pending');
      if (!issuable) throw new Error(`issueInvoice: payment ${paymentId} is not completed.`);
      // Nothing charged (a free workshop, or a course its discount made free): no invoice for ₹0.
      if (paymentTotalPaise(payment) <= 0) return null;

      const placeCode = payment.billing_state_code ?? institute.stateCode;
      const quoted = paymentQuote(payment, placeCode === institute.stateCode);
      const split: TaxSplit = {
        taxable: quoted.taxable,
        cgst: quoted.cgst,
        sgst: quoted.sgst,
        igst: quoted.igst,
        total: quoted.total,
        intraState: quoted.intraState,
      };
      const issuedAt = options.issuedAt ? new Date(options.issuedAt) : new Date();
      const fy = financialYear(issuedAt);
      const number = formatNumber(institute.invoicePrefix, 'invoice', fy, await documents.nextNumber('invoice', fy));
      const name =
        [payment.billing_first_name, payment.billing_last_name].filter(Boolean).join(' ') ||
        `${payment.user_first_name} ${payment.user_last_name}`.trim();
      const instalment = payment.instalment_id ? await instalmentPlace(trx, payment.instalment_id) : undefined;
      const course =
        (payment.course_type === 'program'
          ? `Training programme: ${payment.program_title ?? `#${payment.course_id}`}`
          : `Workshop: ${payment.workshop_title ?? `#${payment.course_id}`}`) +
        (instalment ? `, Instalment ${instalment.number} of ${instalment.of}` : '');
      const data: TaxDocumentData = {
        kind: 'invoice',
        number,
        issuedAt: issuedAt.toISOString(),
        supplier,
        recipient: {
          name: payment.billing_gstin_name || name,
          address: payment.billing_address ?? '',
          stateCode: placeCode,
          stateName: stateName(placeCode) ?? '',
          gstin: payment.billing_gstin,
          gstinName: payment.billing_gstin_name,
          email: payment.billing_email ?? payment.user_email,
        },
        placeOfSupply: { code: placeCode, name: stateName(placeCode) ?? '' },
        sac: SAC_TRAINING,
        description: `${course} (commercial training and coaching services)`,
        split,
        ...(quoted.discount > 0
          ? {
              discount: {
                listPrice: quoted.listPrice,
                discount: quoted.discount,
                code: quoted.coupon?.code ?? null,
                pricesIncludeGst: quoted.total === quoted.priceAfterDiscount,
              },
            }
          : {}),
        amountInWords: amountInWords(split.total),
        invoice: null,
        payment: { gatewayPaymentId: payment.gateway_payment_id, paidAt: payment.completed_at },
        refund: null,
        paymentId,
        refundId: null,
      };
      return insertDocument(trx, data, {
        kind: 'invoice',
        number,
        payment_id: paymentId,
        refund_id: null,
        invoice_id: null,
        student_id: payment.student_id,
        financial_year: fy,
        taxable_paise: split.taxable,
        cgst_paise: split.cgst,
        sgst_paise: split.sgst,
        igst_paise: split.igst,
        total_paise: split.total,
        issued_at: data.issuedAt,
      });
    },

    /**
     * Issues the credit note of a refund (full or partial) of an invoiced payment, in the caller's
     * transaction (the one recording the refund): the invoice's tax split in proportion to the amount.
     * Idempotent per refund id; refuses to credit more than what is left of the invoice.
     */
    async issueCreditNote(
      trx: Db,
      input: { paymentId: number; refundId: number; amountPaise: number },
    ): Promise<TaxDocumentRow> {
      const documents = createTaxDocumentRepository(trx);
      const existing = await documents.findCreditNote(input.refundId);
      if (existing) return existing;
      const invoice = await documents.findInvoice(input.paymentId);
      if (!invoice) throw new Error(`issueCreditNote: payment ${input.paymentId} has no invoice.`);
      const credited = await documents.creditedTotal(invoice.id);
      if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
        throw new Error('issueCreditNote: the amount is a positive whole number of paise.');
      }
      if (credited + input.amountPaise > Number(invoice.total_paise)) {
        throw new Error(`issueCreditNote: refunds would exceed invoice ${invoice.number}.`);
      }
      const original = parseDocument(invoice);
      const split = proportionalSplit(original.split, input.amountPaise);
      const issuedAt = new Date();
      const fy = financialYear(issuedAt);
      const number = formatNumber(
        institute.invoicePrefix,
        'credit_note',
        fy,
        await documents.nextNumber('credit_note', fy),
      );
      const data: TaxDocumentData = {
        ...original,
        kind: 'credit_note',
        number,
        issuedAt: issuedAt.toISOString(),
        split,
        amountInWords: amountInWords(split.total),
        invoice: { number: invoice.number, issuedAt: invoice.issued_at },
        refund: await documents
          .refundForCreditNote(input.refundId)
          .then((r) => (r ? { reason: r.reason, gatewayRefundId: r.gateway_refund_id } : null)),
        refundId: input.refundId,
      };
      return insertDocument(trx, data, {
        kind: 'credit_note',
        number,
        payment_id: input.paymentId,
        refund_id: input.refundId,
        invoice_id: invoice.id,
        student_id: invoice.student_id,
        financial_year: fy,
        taxable_paise: split.taxable,
        cgst_paise: split.cgst,
        sgst_paise: split.sgst,
        igst_paise: split.igst,
        total_paise: split.total,
        issued_at: data.issuedAt,
      });
    },
  };
}
