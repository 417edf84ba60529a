import { AdminCertificate, CERTIFICATE_PATHS, certificatePagePath, RevokeInput } from '../../../../contract/index.ts';
import { Badge } from '../../../components/badges.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDate } from '../../../utils/format.ts';
import { refusalAt } from './form-values.ts';
import type { AdminResource } from './resource-types.ts';

/**
 * The Certificates tab (decision record 052): every certificate issued, each with its public verification
 * page, and Revoke with the reason (the public page then says revoked, never why).
 */

const status = (c: AdminCertificate) =>
  c.status === 'valid' ? (
    <Badge colour="green">Valid</Badge>
  ) : (
    <Badge colour="red">{c.revoked_on ? `Revoked ${formatDate(c.revoked_on)}` : 'Revoked'}</Badge>
  );

const verifyLink = (c: AdminCertificate) => (
  <a href={certificatePagePath(c.code)} target="_blank" rel="noreferrer">
    {c.code}
  </a>
);

const batchText = (c: AdminCertificate) =>
  `${c.batch.name} (${formatDate(c.batch.starts_on)} – ${formatDate(c.batch.ends_on)})`;

async function revoke(_mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) {
  if (!item) throw new Error('Certificates are issued from the course page; they are not added here.');
  const { code } = item as AdminCertificate;
  await refusalAt('reason', api.send('POST', CERTIFICATE_PATHS.revoke(code), values));
}

export const certificatesResource: AdminResource<AdminCertificate> = {
  key: 'certificates',
  label: 'Certificates',
  singular: 'Certificate',
  item: AdminCertificate,
  listPath: CERTIFICATE_PATHS.adminList,
  listQuery: {},
  columns: [
    { label: 'No.', render: (c) => String(c.number) },
    { label: 'Code (public page)', render: verifyLink },
    { label: 'Student', render: (c) => c.student_name },
    { label: 'Program', render: (c) => c.program },
    { label: 'Batch', render: (c) => c.batch.name },
    { label: 'Issued on', render: (c) => formatDate(c.issued_on) },
    { label: 'Status', render: status },
  ],
  details: (c) => [
    ['Number', String(c.number)],
    ['Verification page', verifyLink(c)],
    ['Student', c.student_name],
    ['Program', c.program],
    ['Batch', batchText(c)],
    ['Hours', String(c.hours)],
    ['Instructor', c.instructor_name],
    ['Issued on', formatDate(c.issued_on)],
    ['Status', status(c)],
    ['Reason for revoking', c.revoked_reason ?? '—'],
  ],
  form: {
    editOnly: true,
    editLabel: 'Revoke',
    editAllowed: (c) => c.status === 'valid',
    // What revoking touches, read before the reason is typed (decision 077).
    intro: (c) => (
      <p className="revoke-impact">
        Certificate No. {c.number} of <strong>{c.student_name}</strong> for {c.program} ({batchText(c)}). From now on
        its public page ({c.code}) says it is revoked, to anyone who checks it; the student keeps the course. This
        cannot be undone.
      </p>
    ),
    fields: [
      { name: 'reason', label: 'Reason for revoking (kept, never shown publicly)', kind: 'textarea', required: true },
    ],
    schema: RevokeInput,
    empty: { reason: '' },
    toValues: () => ({ reason: '' }),
    createPath: CERTIFICATE_PATHS.adminList,
    // Unused: the save revokes by the certificate's code.
    updatePath: () => CERTIFICATE_PATHS.adminList,
    save: revoke,
  },
};
