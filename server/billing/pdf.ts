import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { TaxDocumentData } from './documents.ts';
import { formatPaise } from './words.ts';

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

/** 11800050 paise → "₹1,18,000.50" (Indian grouping, two decimals). */
function rupees(paise: number): string {
  return `₹${formatPaise(paise)}`;
}

const IST = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

export function documentDate(iso: string): string {
  return IST.format(new Date(iso));
}

export function renderTaxDocument(doc: TaxDocumentData): Promise<Buffer> {
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

  const title = doc.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE';
  pdf.font(BOLD).fontSize(16).text(title, { align: 'center' });
  pdf.moveDown(0.8);

  pdf.font(BOLD).fontSize(11).text(doc.supplier.name);
  pdf.font(REGULAR).fontSize(9);
  pdf.text(doc.supplier.address);
  pdf.text(`State: ${doc.supplier.stateName} (code ${doc.supplier.stateCode})`);
  pdf.text(`GSTIN: ${doc.supplier.gstin}`);
  pdf.text(`Email: ${doc.supplier.email}  Phone: ${doc.supplier.phone}`);
  pdf.moveDown();

  pdf.font(BOLD).text(`${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${doc.number}`);
  pdf.font(REGULAR).text(`Date: ${documentDate(doc.issuedAt)}`);
  if (doc.invoice) {
    pdf.text(`Against invoice: ${doc.invoice.number} dated ${documentDate(doc.invoice.issuedAt)}`);
  }
  pdf.text(`Place of supply: ${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`);
  pdf.moveDown();

  pdf.font(BOLD).text('Billed to');
  pdf.font(REGULAR).text(doc.recipient.name);
  if (doc.recipient.address) pdf.text(doc.recipient.address);
  pdf.text(`State: ${doc.recipient.stateName} (code ${doc.recipient.stateCode})`);
  if (doc.recipient.gstin) pdf.text(`GSTIN: ${doc.recipient.gstin}`);
  pdf.moveDown();

  pdf.font(BOLD).text('Description of service');
  pdf.font(REGULAR).text(doc.description);
  pdf.text(`SAC: ${doc.sac}`);
  pdf.moveDown();

  const rows: [string, number][] = [['Taxable value', doc.split.taxable]];
  if (doc.split.intraState) {
    rows.push(['CGST @ 9%', doc.split.cgst], ['SGST @ 9%', doc.split.sgst]);
  } else {
    rows.push(['IGST @ 18%', doc.split.igst]);
  }
  rows.push([doc.kind === 'invoice' ? 'Total' : 'Total credited', doc.split.total]);
  const left = pdf.page.margins.left;
  for (const [label, paise] of rows) {
    const y = pdf.y;
    pdf.font(label.startsWith('Total') ? BOLD : REGULAR);
    pdf.text(label, left, y, { width: 300 });
    pdf.text(rupees(paise), left + 300, y, { width: 195, align: 'right' });
  }
  pdf.moveDown();
  pdf.font(REGULAR).text(`Amount in words: ${doc.amountInWords}`, left);
  pdf.moveDown();
  pdf
    .fontSize(8)
    .text('Tax is not payable on reverse charge. This is a computer-generated document; no signature is required.');
  pdf.end();
  return done;
}
