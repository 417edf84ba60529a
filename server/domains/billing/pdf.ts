import { fileURLToPath } from 'node:url';
import type { TaxDocumentData } from './documents.ts';
import { formatPaiseFigure } from '../../../contract/money.ts';
import { formatDocumentDate } from '../../../contract/time.ts';
import { pdfkit } from '../../platform/lib/on-first-use.ts';

/**
 * The PDF of a tax invoice or credit note (pdfkit, docs/decisions/016-pdf-library.md). The text is set in
 * DejaVu Sans, embedded (pdfkit keeps only the glyphs used), because the standard PDF fonts have no rupee
 * sign: amounts print as on the site, "₹1,18,000.00", and the text stays extractable. The fonts and their
 * licence (Bitstream Vera, free to embed and redistribute) are in ./fonts.
 */
const FONTS = {
  regular: fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url)),
  bold: fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url)),
};
const REGULAR = 'Body';
const BOLD = 'Body-Bold';

/**
 * 11800050 paise → "₹1,18,000.50" (Indian grouping, two decimals); a negative amount (a discount) with a
 * Unicode minus before the rupee sign: "−₹2,275.00", not "₹-2,275.00".
 */
function rupees(paise: number): string {
  return paise < 0 ? `\u2212₹${formatPaiseFigure(-paise)}` : `₹${formatPaiseFigure(paise)}`;
}

/** The payment and refund references an accountant matches the document against the bank with. */
function references(doc: TaxDocumentData): string[] {
  const lines: string[] = [];
  if (doc.payment?.gatewayPaymentId) {
    const when = doc.payment.paidAt ? ` on ${formatDocumentDate(doc.payment.paidAt)}` : '';
    lines.push(`Gateway payment id: ${doc.payment.gatewayPaymentId} (Razorpay)${when}`);
  } else if (doc.payment?.paidAt) {
    lines.push(`Payment received on ${formatDocumentDate(doc.payment.paidAt)}`);
  }
  if (doc.refund) {
    lines.push(`Reason for credit: ${doc.refund.reason || 'refund'}`);
    if (doc.refund.gatewayRefundId) lines.push(`Refund reference: ${doc.refund.gatewayRefundId} (Razorpay)`);
  }
  return lines;
}

/** The itemised table: one line (description, SAC, quantity, rate, taxable value), then the tax and the total. */
function lineTable(pdf: PDFKit.PDFDocument, doc: TaxDocumentData, left: number, width: number) {
  const columns = [
    { label: 'Description of service', width: width - 285, align: 'left' as const },
    { label: 'SAC', width: 55, align: 'left' as const },
    { label: 'Qty', width: 40, align: 'right' as const },
    { label: 'Rate', width: 90, align: 'right' as const },
    { label: 'Taxable value', width: 100, align: 'right' as const },
  ];
  const row = (cells: string[], font: string) => {
    const y = pdf.y;
    let x = left;
    let bottom = y;
    pdf.font(font).fontSize(9);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      pdf.text(cell, x, y, { width: column.width - 6, align: column.align });
      bottom = Math.max(bottom, pdf.y);
      x += column.width;
    });
    pdf.y = bottom + 4;
  };
  const rule = () =>
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .lineWidth(0.5)
      .stroke();
  rule();
  pdf.y += 4;
  row(
    columns.map((c) => c.label),
    BOLD,
  );
  rule();
  pdf.y += 4;
  const taxable = rupees(doc.split.taxable);
  row([doc.description, doc.sac, '1', taxable, taxable], REGULAR);
  rule();
  pdf.y += 4;

  const totals: [string, number][] = [];
  // A discount given before supply (decision record 053): the list price, less the discount and its code.
  if (doc.kind === 'invoice' && doc.discount) {
    const { listPrice, discount, code, pricesIncludeGst } = doc.discount;
    totals.push(
      [pricesIncludeGst ? 'List price (GST included)' : 'List price', listPrice],
      [code ? `Discount (coupon ${code})` : 'Discount (scholarship)', -discount],
    );
  }
  totals.push(['Taxable value', doc.split.taxable]);
  if (doc.split.intraState) totals.push(['CGST @ 9%', doc.split.cgst], ['SGST @ 9%', doc.split.sgst]);
  else totals.push(['IGST @ 18%', doc.split.igst]);
  totals.push([doc.kind === 'invoice' ? 'Total' : 'Total credited', doc.split.total]);
  for (const [label, paise] of totals) {
    const y = pdf.y;
    pdf.font(label.startsWith('Total') ? BOLD : REGULAR);
    pdf.text(label, left + width - 295, y, { width: 190 });
    pdf.text(rupees(paise), left + width - 105, y, { width: 105, align: 'right' });
  }
}

export async function renderTaxDocument(doc: TaxDocumentData): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note'} ${doc.number}`,
      Author: doc.supplier.name,
      // The issue time, not the time of printing: the same document prints to the same bytes every time
      // (an erasure, or any reprint, leaves an invoice byte-identical; decision record 046).
      CreationDate: new Date(doc.issuedAt),
    },
  });
  pdf.registerFont(REGULAR, FONTS.regular);
  pdf.registerFont(BOLD, FONTS.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const title = doc.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE';
  // CGST Rules 2017, rule 46 and 48: the recipient's copy of a tax invoice is marked as the original.
  pdf.font(REGULAR).fontSize(8).text('ORIGINAL FOR RECIPIENT', left, pdf.y, { width, align: 'right' });
  pdf.font(BOLD).fontSize(16).text(title, left, pdf.y, { width, align: 'center' });
  pdf.moveDown(0.8);

  pdf.font(BOLD).fontSize(11).text(doc.supplier.name);
  pdf.font(REGULAR).fontSize(9);
  pdf.text(doc.supplier.address);
  pdf.text(`State: ${doc.supplier.stateName} (code ${doc.supplier.stateCode})`);
  pdf.text(`GSTIN: ${doc.supplier.gstin}`);
  pdf.text(`Email: ${doc.supplier.email}  Phone: ${doc.supplier.phone}`);
  pdf.moveDown();

  pdf.font(BOLD).text(`${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${doc.number}`);
  pdf.font(REGULAR).text(`Date: ${formatDocumentDate(doc.issuedAt)}`);
  if (doc.invoice) {
    pdf.text(`Against invoice: ${doc.invoice.number} dated ${formatDocumentDate(doc.invoice.issuedAt)}`);
  }
  pdf.text(`Place of supply: ${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`);
  pdf.moveDown();

  pdf.font(BOLD).text('Billed to');
  pdf.font(REGULAR).text(doc.recipient.name);
  if (doc.recipient.address) pdf.text(doc.recipient.address);
  pdf.text(`State: ${doc.recipient.stateName} (code ${doc.recipient.stateCode})`);
  if (doc.recipient.gstin) pdf.text(`GSTIN: ${doc.recipient.gstin}`);
  pdf.moveDown();

  lineTable(pdf, doc, left, width);
  pdf.moveDown();
  pdf.font(REGULAR).fontSize(9).text(`Amount in words: ${doc.amountInWords}`, left, pdf.y, { width });
  pdf.moveDown();
  for (const line of references(doc)) pdf.text(line, left, pdf.y, { width });
  pdf.moveDown();
  pdf.text('Tax is not payable on reverse charge.', left, pdf.y, { width });
  pdf.moveDown(1.5);
  // The authorised signatory block (rule 46(q)); the document is issued electronically.
  const signatory = { width: 220, align: 'right' as const };
  pdf.font(BOLD).text(`For ${doc.supplier.name}`, left + width - 220, pdf.y, signatory);
  pdf.moveDown(2);
  pdf.font(REGULAR).text('Authorised Signatory', left + width - 220, pdf.y, signatory);
  pdf.moveDown();
  pdf
    .fontSize(8)
    .text('This is a computer-generated document; no physical signature is required.', left, pdf.y, { width });
  pdf.end();
  return done;
}
