import { fileURLToPath } from 'node:url';
import type { CertificateRow } from '../../platform/db/schema.ts';
import { pdfkit, qrcode } from '../../platform/lib/on-first-use.ts';

/**
 * A certificate's PDF (pdfkit, as invoices: docs/decisions/016-pdf-library.md), landscape A4: the
 * institute, the student's name, the program, the batch and its dates, the hours, the instructor, the issue
 * date, the number and code, and a QR code of the public verification URL. Everything printed comes from
 * the row (copied at issue), so a reprint says what the first print said. DejaVu Sans, embedded, keeps the
 * text extractable and prints any name.
 */
const FONTS = {
  regular: fileURLToPath(new URL('../billing/fonts/DejaVuSans.ttf', import.meta.url)),
  bold: fileURLToPath(new URL('../billing/fonts/DejaVuSans-Bold.ttf', import.meta.url)),
};

const longDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "9 January 2027" for an IST calendar day (YYYY-MM-DD). */
export const formatCertificateDay = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));

export async function renderCertificate(
  row: CertificateRow,
  { issuer, verifyUrl }: { issuer: string; verifyUrl: string },
): Promise<Buffer> {
  const [PDFDocument, QRCode] = await Promise.all([pdfkit(), qrcode()]);
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 50,
    info: {
      Title: `Certificate ${row.number}: ${row.program_title}`,
      Author: issuer,
      // The issue time, not the time of printing: every print of a certificate is the same bytes.
      CreationDate: new Date(row.issued_at),
    },
  });
  pdf.registerFont('Body', FONTS.regular);
  pdf.registerFont('Body-Bold', FONTS.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const centred = { width, align: 'center' as const };
  pdf
    .rect(25, 25, pdf.page.width - 50, pdf.page.height - 50)
    .lineWidth(2)
    .stroke('#1e3a8a');
  pdf.fillColor('#111827');
  pdf.y = 70;
  pdf.font('Body-Bold').fontSize(14).text(issuer, left, pdf.y, centred);
  pdf.moveDown(0.6);
  pdf.font('Body-Bold').fontSize(28).text('Certificate of Completion', left, pdf.y, centred);
  pdf.moveDown(0.8);
  pdf.font('Body').fontSize(12).text('This certifies that', left, pdf.y, centred);
  pdf.moveDown(0.4);
  pdf.font('Body-Bold').fontSize(24).text(row.student_name, left, pdf.y, centred);
  pdf.moveDown(0.4);
  pdf.font('Body').fontSize(12).text('has completed the program', left, pdf.y, centred);
  pdf.moveDown(0.4);
  pdf.font('Body-Bold').fontSize(18).text(row.program_title, left, pdf.y, centred);
  pdf.moveDown(0.6);
  pdf
    .font('Body')
    .fontSize(12)
    .text(
      `Batch ${row.batch_name}, ${formatCertificateDay(row.starts_on)} to ${formatCertificateDay(row.ends_on)}` +
        (row.hours > 0 ? `, ${row.hours} ${row.hours === 1 ? 'hour' : 'hours'} of live classes` : ''),
      left,
      pdf.y,
      centred,
    );
  if (row.instructor_name) pdf.text(`Instructor: ${row.instructor_name}`, left, pdf.y, centred);

  // The footer: issue date, number and code on the left, the QR code of the verification URL on the right.
  const qrSize = 110;
  const footerTop = pdf.page.height - 60 - qrSize;
  pdf.image(qr, left + width - qrSize, footerTop, { width: qrSize, height: qrSize });
  const textWidth = width - qrSize - 20;
  pdf.font('Body').fontSize(11);
  pdf.text(`Issued on ${formatCertificateDay(row.issued_on)}`, left, footerTop + 10, { width: textWidth });
  pdf.text(`Certificate number ${row.number}`, left, pdf.y, { width: textWidth });
  pdf.text(`Code ${row.code}`, left, pdf.y, { width: textWidth });
  pdf.moveDown(0.4);
  pdf.fontSize(9).text(`Verify at ${verifyUrl}`, left, pdf.y, { width: textWidth });
  pdf.end();
  return done;
}
