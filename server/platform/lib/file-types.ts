/**
 * What an uploaded file is, read from its bytes (never from its name or the browser's claim): PDF, Word,
 * Excel and PowerPoint (OOXML and the older binary formats), OpenDocument, and PNG, JPEG, GIF, WebP images;
 * and CSV text where a caller allows it (assignment submissions).
 */

export type FileKind = { ext: string; mime: string };

export const KINDS = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  csv: 'text/csv',
} as const;
export type Extension = keyof typeof KINDS;

const kind = (ext: Extension): FileKind => ({ ext, mime: KINDS[ext] });
const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, text: string, offset = 0) => buf.toString('latin1', offset, offset + text.length) === text;

/** The names of the entries of a ZIP file, read from its local headers (OOXML and OpenDocument are ZIPs). */
function zipEntryNames(buf: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= buf.length && buf.readUInt32LE(at) === 0x04034b50 && names.length < 2000) {
    const flags = buf.readUInt16LE(at + 6);
    const compressed = buf.readUInt32LE(at + 18);
    const nameLength = buf.readUInt16LE(at + 26);
    const extraLength = buf.readUInt16LE(at + 28);
    names.push(buf.toString('utf8', at + 30, at + 30 + nameLength));
    // Sizes deferred to a data descriptor (bit 3): stop; the entries read so far are enough.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressed;
  }
  return names;
}

function sniffZip(buf: Buffer): FileKind | null {
  // OpenDocument: the first entry is "mimetype", stored, holding the type.
  if (ascii(buf, 'mimetype', 30)) {
    const type = buf.toString('latin1', 38, 38 + 60);
    if (type.startsWith(KINDS.odt)) return kind('odt');
    if (type.startsWith(KINDS.ods)) return kind('ods');
    if (type.startsWith(KINDS.odp)) return kind('odp');
    return null;
  }
  const names = zipEntryNames(buf);
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.some((n) => n.startsWith('word/'))) return kind('docx');
  if (names.some((n) => n.startsWith('xl/'))) return kind('xlsx');
  if (names.some((n) => n.startsWith('ppt/'))) return kind('pptx');
  return null;
}

/** Old binary Office files are OLE compound files; their stream names say which program wrote them. */
function sniffOle(buf: Buffer): FileKind | null {
  const has = (name: string) => buf.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return kind('doc');
  if (has('Workbook') || has('Book')) return kind('xls');
  if (has('PowerPoint Document')) return kind('ppt');
  return null;
}

export function sniffFileKind(buf: Buffer): FileKind | null {
  if (buf.length < 8) return null;
  if (ascii(buf, '%PDF-')) return kind('pdf');
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return kind('png');
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return kind('jpg');
  if (ascii(buf, 'GIF87a') || ascii(buf, 'GIF89a')) return kind('gif');
  if (ascii(buf, 'RIFF') && ascii(buf, 'WEBP', 8)) return kind('webp');
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(buf);
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffOle(buf);
  return null;
}

/** The content type to serve a stored file with, from the extension it was stored under. */
export function mimeOfExtension(ext: string): string | null {
  return (KINDS as Record<string, string>)[ext] ?? null;
}

/**
 * Whether text is a CSV file: UTF-8 (a byte-order mark allowed), no control characters but tab, CR and
 * LF, and a separator (comma, semicolon or tab) on its first line. Read only where CSV is allowed (an
 * assignment submission), so other uploads never take plain text.
 */
function looksLikeCsv(buf: Buffer): boolean {
  if (buf.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters mean a binary file
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  return /[,;\t]/.test(firstLine);
}

/** What an assignment submission's file may be (decision record 051). */
const SUBMISSION_KINDS = new Set<Extension>([
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'ppt',
  'csv',
  'png',
  'jpg',
  'webp',
]);

/**
 * A submission's file kind: read from its bytes, and the name's extension must say the same kind (a
 * ".pdf" holding a PNG is refused); null when it is none of the allowed kinds or the two disagree.
 */
export function sniffSubmissionKind(buf: Buffer, fileName: string): FileKind | null {
  const named = fileName.toLowerCase().match(/\.([a-z0-9]{2,5})$/)?.[1];
  const claimed = named === 'jpeg' ? 'jpg' : named;
  const found = sniffFileKind(buf) ?? (looksLikeCsv(buf) ? kind('csv') : null);
  if (!found || !SUBMISSION_KINDS.has(found.ext as Extension)) return null;
  return claimed === found.ext ? found : null;
}
