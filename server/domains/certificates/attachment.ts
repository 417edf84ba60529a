import { certificateFileName } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createCertificateRepository } from './repository.ts';
import { issuerName, verificationUrl } from './service.ts';
import { renderCertificate } from './pdf.ts';

/** The outbox worker's attachment of a certificate: its PDF, made when the email is sent. */
export async function certificateAttachment(db: Db, config: Pick<Config, 'publicUrl' | 'institute'>, id: number) {
  const row = await createCertificateRepository(db).byId(id);
  if (!row) throw new Error(`attachment: certificate ${id} not found`);
  return {
    filename: certificateFileName(row.number),
    content: await renderCertificate(row, { issuer: issuerName(config), verifyUrl: verificationUrl(config, row.code) }),
    contentType: 'application/pdf',
  };
}
