import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { Pdf, type Operation } from '../../platform/openapi-operation.ts';

/**
 * Certificates (decision record 052): issue (the batch's instructor or an administrator), verify (anyone),
 * download (its student, administrators), list and revoke (administrators). The public page
 * `/certificates/{code}` is the site's (HTML), not the API's.
 */

export const CERTIFICATES_NAMED: Record<string, z.ZodType> = {
  PublicCertificate: C.PublicCertificate,
  AdminCertificate: C.AdminCertificate,
  CertificateEligibility: C.Eligibility,
  RevokeCertificateInput: C.RevokeInput,
};

const A = C.CERTIFICATE_PATHS;
const op = (o: Operation): Operation => o;

export const CERTIFICATES_OPERATIONS: Operation[] = [
  op({
    method: 'post',
    path: A.issue(),
    summary:
      "Issue an eligible student's certificate (the batch's instructor or an administrator): 201 {code, url}; " +
      'already issued: 200 with the same code; not eligible: 400 {error} naming every rule not met (audited, emailed with the PDF)',
    tag: 'Certificates',
    access: 'user',
    responses: { 200: C.IssuedCertificate, 201: C.IssuedCertificate },
    errors: [400, 403, 404],
  }),
  op({
    method: 'get',
    path: A.verify(),
    summary: 'Verify a certificate by its code: valid or revoked (never the reason); X-Robots-Tag: noindex',
    tag: 'Certificates',
    access: 'public',
    responses: { 200: C.PublicCertificate },
    errors: [404],
  }),
  op({
    method: 'get',
    path: A.pdf(),
    summary:
      'The certificate as a PDF with a QR code of its verification URL (its student while valid; administrators)',
    tag: 'Certificates',
    access: 'user',
    responses: { 200: Pdf },
    errors: [403, 404],
  }),
  op({
    method: 'get',
    path: A.mine,
    summary: "The caller's valid certificates, each with its enrollment, code, number and verification URL",
    tag: 'Certificates',
    access: 'user',
    responses: { 200: z.array(C.MyCertificate) },
  }),
  op({
    method: 'get',
    path: A.adminList,
    summary: 'Every certificate, newest number first, with who issued it and any revocation reason',
    tag: 'Certificates',
    access: 'admin',
    responses: { 200: z.array(C.AdminCertificate) },
  }),
  op({
    method: 'post',
    path: A.revoke(),
    summary: 'Revoke a certificate with a reason (audited); the public page then says revoked, with the date',
    tag: 'Certificates',
    access: 'admin',
    body: C.RevokeInput,
    responses: { 200: C.AdminCertificate },
    errors: [400, 404],
  }),
];
