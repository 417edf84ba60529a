import { z } from 'zod';

/**
 * The PDFs a student gives the placement office: a résumé with an application, an offer letter with a
 * reported offer. The server reads the type from the bytes and keeps the file in its store; an answer names
 * the file and where the caller downloads it (the student and the office each under their own path).
 */

export const PLACEMENT_DOCUMENT_MESSAGES = {
  resumeMissing: 'Attach your résumé as a PDF file.',
  resumeType: 'The résumé must be a PDF file. Save it as PDF and attach that.',
  offerLetterMissing: 'Choose the offer letter (a PDF file).',
  offerLetterType: 'The offer letter must be a PDF file. Save or scan it as PDF and attach that.',
  offerLetterFinal: 'This offer is already verified or rejected: its offer letter cannot change any more.',
  noResume: 'This application has no résumé.',
  noOfferLetter: 'This offer has no offer letter.',
  uploadFailed: 'The offer letter could not be uploaded. Try again.',
  offerLetterSaved: 'Offer letter saved. The placement office reads it to verify the offer.',
  downloadFailed: 'The file could not be downloaded. Try again.',
} as const;

/** A stored PDF as an answer shows it; `url` downloads it for the caller (null: none attached). */
export const PlacementDocument = z.object({
  file_name: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});
export type PlacementDocument = z.infer<typeof PlacementDocument>;

/** What a PDF input offers (the server decides from the content, not from this). */
export const PDF_ACCEPT = '.pdf,application/pdf';

/** "PDF, at most 20 MB": the rule a PDF input shows, with the server's limit (UPLOAD_MAX_BYTES). */
export const pdfRule = (maxBytes: number) => `PDF, at most ${Math.floor(maxBytes / (1024 * 1024)) || 1} MB`;

/** A chosen PDF in a form: a File named .pdf or typed as PDF (the server reads its bytes all the same). */
export const pdfFile = (missing: string, wrongType: string) =>
  z
    .instanceof(File, { message: missing })
    .refine((file) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name), wrongType);

/** "48 KB", "1.2 MB": a stored file's size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
