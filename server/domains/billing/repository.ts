import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import type { TaxDocumentRow } from '../../platform/db/schema.ts';

export type DocumentSeries = 'invoice' | 'credit_note';

/** Invoices, credit notes and their number counters (docs/decisions/015-invoice-numbering-and-rounding.md). */
export function createTaxDocumentRepository(db: Db) {
  return {
    findById: (id: number) => db.selectFrom('tax_documents').selectAll().where('id', '=', id).executeTakeFirst(),
    findInvoice: (paymentId: number) =>
      db
        .selectFrom('tax_documents')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .where('kind', '=', 'invoice')
        .executeTakeFirst(),
    findCreditNote: (refundId: number) =>
      db
        .selectFrom('tax_documents')
        .selectAll()
        .where('refund_id', '=', refundId)
        .where('kind', '=', 'credit_note')
        .executeTakeFirst(),
    /** Paise already credited against an invoice. */
    async creditedTotal(invoiceId: number): Promise<number> {
      const row = await db
        .selectFrom('tax_documents')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_paise'), eb.lit(0)).as('sum'))
        .where('invoice_id', '=', invoiceId)
        .executeTakeFirstOrThrow();
      return Number(row.sum);
    },
    /**
     * The documents issued in [from, to) in number order, each credit note with its invoice's total and
     * date (which decide its GSTR-1 table): the month's return reads these and nothing else.
     */
    issuedBetween: (from: string, to: string) =>
      db
        .selectFrom('tax_documents as d')
        .leftJoin('tax_documents as inv', 'inv.id', 'd.invoice_id')
        .selectAll('d')
        .select(['inv.total_paise as invoice_total_paise', 'inv.issued_at as invoice_issued_at'])
        .where('d.issued_at', '>=', from)
        .where('d.issued_at', '<', to)
        .orderBy('d.id')
        .execute(),
    insert: (values: Omit<TaxDocumentRow, 'id'>) =>
      db.insertInto('tax_documents').values(values).returningAll().executeTakeFirstOrThrow(),
    /** The payment with what an invoice prints about its student and course. */
    /** What a credit note prints of its refund: the reason and the gateway's refund id. */
    refundForCreditNote: (refundId: number) =>
      db.selectFrom('refunds').select(['reason', 'gateway_refund_id']).where('id', '=', refundId).executeTakeFirst(),
    paymentForInvoice: (paymentId: number) =>
      db
        .selectFrom('payments')
        .innerJoin('users', 'users.id', 'payments.student_id')
        .leftJoin('programs', (j) =>
          j.onRef('programs.id', '=', 'payments.course_id').on('payments.course_type', '=', 'program'),
        )
        .leftJoin('workshops', (j) =>
          j.onRef('workshops.id', '=', 'payments.course_id').on('payments.course_type', '=', 'workshop'),
        )
        .selectAll('payments')
        .select([
          'users.first_name as user_first_name',
          'users.last_name as user_last_name',
          'users.email as user_email',
          'programs.title as program_title',
          'workshops.title as workshop_title',
        ])
        .where('payments.id', '=', paymentId)
        .executeTakeFirst(),
    /**
     * The next number of a series in a financial year. Call it in the transaction that issues the document:
     * the UPDATE holds the counter row until commit (concurrent issuers wait), a rollback undoes it.
     */
    async nextNumber(series: DocumentSeries, fy: string): Promise<number> {
      await db
        .insertInto('document_counters')
        .values({ series, financial_year: fy, last_number: 0 })
        .onConflict((oc) => oc.columns(['series', 'financial_year']).doNothing())
        .execute();
      const row = await db
        .updateTable('document_counters')
        .set({ last_number: sql<number>`last_number + 1` })
        .where('series', '=', series)
        .where('financial_year', '=', fy)
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },
  };
}
