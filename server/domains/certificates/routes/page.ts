import type { PublicCertificate } from '../../../../contract/index.ts';
import { formatCertificateDay } from '../pdf.ts';

/**
 * The public verification page `/certificates/{code}`, rendered on the server as one small HTML document
 * (no JavaScript): whether the certificate is valid or revoked (with the date, never the reason), and what
 * it says. `noindex`: a person's certificate is checked by whoever has its link, not found by search.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font-family:"DejaVu Sans",Arial,sans-serif;margin:0;color:#111827;background:#f3f4f6;line-height:1.5}
main{max-width:42rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:.5rem}
h1{font-size:1.5rem;margin:.25rem 0 1rem;overflow-wrap:anywhere}
.status{padding:.75rem 1rem;border-radius:.375rem;font-weight:bold;margin-bottom:1rem}
.valid{background:#dcfce7;color:#14532d;border:1px solid #16a34a}
.revoked{background:#fee2e2;color:#7f1d1d;border:1px solid #dc2626}
dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.5rem 1rem;margin:0}
dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}
a{color:#1e3a8a}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr)}dd{margin-bottom:.5rem}}
`;

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<p><a href="/">Credit Careers Institute home</a></p>
</main>
</body>
</html>
`;
}

export function certificatePage(issuer: string, c: PublicCertificate): string {
  const status =
    c.status === 'valid'
      ? `<p class="status valid" role="status">Valid: this certificate was issued by ${escapeHtml(issuer)}.</p>`
      : `<p class="status revoked" role="status">Revoked${c.revoked_on ? ` on ${escapeHtml(formatCertificateDay(c.revoked_on))}` : ''}: this certificate is no longer valid.</p>`;
  const rows: [string, string][] = [
    ['Awarded to', c.student_name],
    ['Program', c.program],
    [
      'Batch',
      `${c.batch.name}, ${formatCertificateDay(c.batch.starts_on)} to ${formatCertificateDay(c.batch.ends_on)}`,
    ],
    ...(c.hours > 0 ? [['Hours', String(c.hours)] as [string, string]] : []),
    ...(c.instructor_name ? [['Instructor', c.instructor_name] as [string, string]] : []),
    ['Issued on', formatCertificateDay(c.issued_on)],
    ['Certificate number', String(c.number)],
    ['Code', c.code],
  ];
  return document(
    `Certificate ${c.number} (${c.status}) | ${issuer}`,
    `<p>${escapeHtml(issuer)}</p>
<h1>Certificate ${c.number}</h1>
${status}
<dl>
${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
</dl>`,
  );
}

export function unknownCertificatePage(issuer: string): string {
  return document(
    `Certificate not found | ${issuer}`,
    `<h1>Certificate not found</h1>
<p>No certificate has this code. Check that the address is exactly as printed on the certificate or in its QR code.</p>`,
  );
}
