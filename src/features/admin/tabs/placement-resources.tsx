import { z } from 'zod';
import {
  Employer,
  EmployerInput,
  EmployerPatch,
  formatRupees,
  Offer,
  OfferDecisionInput,
  OfficeOfferForm,
  PDF_ACCEPT,
  PLACEMENT_PATHS,
  type HrContact,
} from '../../../../contract/index.ts';
import { Badge } from '../../../components/badges.tsx';
import { FileLink } from '../../../components/file-link.tsx';
import { formatDate } from '../../../utils/format.ts';
import { saveEmployer, saveOffer } from '../api/placement.ts';
import { OfferConfirmationRequest } from '../components/offer-confirmation-request.tsx';
import type { AdminResource, FieldSpec } from './resource-types.ts';

/**
 * The Employers and Offers tabs (decision records 070 and 078): the placement cell's record. An offer is
 * verified from its letter (the student's PDF, linked in the offer's View and in Verify or reject; Verify
 * or reject with a note; the server asks a step-up) or by the employer through the link the office sends
 * to an HR contact on the employer's own domain.
 */

const SECTORS = [
  { value: 'bank', label: 'Bank' },
  { value: 'nbfc', label: 'NBFC' },
  { value: 'rating_agency', label: 'Rating agency' },
  { value: 'research', label: 'Research' },
  { value: 'other', label: 'Other' },
];
const sectorLabel = (value: string) => SECTORS.find((s) => s.value === value)?.label ?? value;

const CONTACT_LINE = /^(.*?)[\s,]*<?([^\s<>,]+@[^\s<>,]+)>?$/;

/** "Priya Nair <priya@bank.example>" per line → [{name, email}]; a line without an address stays (refused). */
function contactsFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const match = CONTACT_LINE.exec(l);
      return match ? { name: match[1]!.trim() || match[2]!, email: match[2]! } : { name: l, email: '' };
    });
}
const contactsText = (contacts: HrContact[]) => contacts.map((c) => `${c.name} <${c.email}>`).join('\n');
const employerFromForm = (values: unknown) => ({
  ...(values as Record<string, unknown>),
  hr_contacts: contactsFromText((values as Record<string, unknown>).hr_contacts),
});

const EMPLOYER_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'sector', label: 'Sector', kind: 'select', required: true, options: SECTORS },
  { name: 'website', label: 'Website (confirmation links go only to addresses on its domain)', kind: 'url' },
  { name: 'hr_contacts', label: 'HR contacts, one a line: Name <email>', kind: 'textarea' },
  { name: 'is_partner', label: 'Show as a hiring partner before any verified offer', kind: 'checkbox' },
  { name: 'partner_reason', label: 'Why (kept in the audit log; needed with the box ticked)', kind: 'text' },
];

const partnerBadge = (e: Employer) =>
  e.is_hiring_partner ? <Badge colour="green">Hiring partner</Badge> : <Badge colour="grey">Not shown</Badge>;

export const employersResource: AdminResource<Employer> = {
  key: 'employers',
  label: 'Employers',
  singular: 'Employer',
  item: Employer,
  listPath: PLACEMENT_PATHS.employers,
  listQuery: {},
  columns: [
    { label: 'Name', render: (e) => e.name },
    { label: 'Sector', render: (e) => sectorLabel(e.sector) },
    { label: 'Verified offers', render: (e) => String(e.verified_offers) },
    { label: 'Public pages', render: partnerBadge },
  ],
  details: (e) => [
    ['Name', e.name],
    ['Sector', sectorLabel(e.sector)],
    ['Website', e.website],
    ['HR contacts', contactsText(e.hr_contacts)],
    ['Verified offers', String(e.verified_offers)],
    ['Public pages', partnerBadge(e)],
    ['Marked a partner because', e.is_partner ? e.partner_reason : ''],
  ],
  form: {
    fields: EMPLOYER_FIELDS,
    schema: z.preprocess(employerFromForm, EmployerInput),
    empty: { name: '', sector: 'bank', website: '', hr_contacts: '', is_partner: false, partner_reason: '' },
    toValues: (e) => ({
      name: e.name,
      sector: e.sector,
      website: e.website,
      hr_contacts: contactsText(e.hr_contacts),
      is_partner: e.is_partner,
      partner_reason: e.partner_reason,
    }),
    createPath: PLACEMENT_PATHS.employers,
    updatePath: (id) => PLACEMENT_PATHS.employer(id),
    removePath: (id) => PLACEMENT_PATHS.employer(id),
    save: saveEmployer,
    edit: { fields: EMPLOYER_FIELDS, schema: z.preprocess(employerFromForm, EmployerPatch), method: 'PATCH' },
  },
};

const STATUS_OPTIONS = [
  { value: 'claimed', label: 'Claimed (to verify)' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
];

/** The student's offer letter, downloaded from the office's path (a step-up first: personal data as a file). */
const offerLetter = (o: Offer) =>
  o.offer_letter ? (
    <FileLink file={o.offer_letter} label={`Offer letter: ${o.offer_letter.file_name}`} />
  ) : (
    'None attached'
  );

const offerStatus = (o: Offer) => {
  if (o.status === 'verified')
    return (
      <Badge colour="green">{o.verified_via === 'employer' ? 'Verified by employer' : 'Verified by letter'}</Badge>
    );
  if (o.status === 'rejected') return <Badge colour="red">Rejected</Badge>;
  return <Badge colour="amber">Claimed</Badge>;
};

const OFFER_FIELDS: FieldSpec[] = [
  { name: 'student', label: 'Student (user ID)', kind: 'number', required: true },
  { name: 'batch', label: 'Batch', kind: 'select', required: true, choices: 'batches' },
  { name: 'employer', label: 'Employer', kind: 'select', required: true, choices: 'employers' },
  { name: 'designation', label: 'Designation', kind: 'text', required: true },
  { name: 'annual_ctc', label: 'Annual CTC (whole rupees a year)', kind: 'number', required: true },
  { name: 'offer_date', label: 'Offer date', kind: 'date', required: true },
  { name: 'joining_date', label: 'Joining date', kind: 'date' },
  {
    name: 'offer_letter',
    label: 'Offer letter (if the office has it)',
    kind: 'file',
    accept: PDF_ACCEPT,
    hint: 'A PDF, within the upload limit; verify the offer from it afterwards.',
  },
];

const DECISION_FIELDS: FieldSpec[] = [
  {
    name: 'decision',
    label: 'Decision',
    kind: 'select',
    required: true,
    options: [
      { value: 'verify', label: 'Verify: the offer letter shows this offer' },
      { value: 'reject', label: 'Reject: the letter does not show it' },
    ],
  },
  { name: 'note', label: 'What you checked (kept in the audit log)', kind: 'textarea', required: true },
];
const OfferDecisionForm = OfferDecisionInput.extend({ decision: z.enum(['verify', 'reject']) });

/** The form's empty choices as the schema's absent values. */
const offerFromForm = (values: unknown) => {
  const v = { ...(values as Record<string, unknown>) };
  for (const key of ['batch', 'employer', 'joining_date', 'offer_letter'])
    if (v[key] === null || v[key] === '') v[key] = undefined;
  return v;
};

export const offersResource: AdminResource<Offer> = {
  key: 'offers',
  label: 'Offers',
  singular: 'Offer',
  item: Offer,
  listPath: PLACEMENT_PATHS.offers,
  listQuery: {},
  filters: [{ name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS }],
  columns: [
    { label: 'Student', render: (o) => o.student_name },
    { label: 'Batch', render: (o) => `${o.program_title} · ${o.batch_name}` },
    { label: 'Employer', render: (o) => o.employer_name },
    { label: 'Designation', render: (o) => o.designation },
    { label: 'Annual CTC', render: (o) => formatRupees(o.annual_ctc) },
    { label: 'Status', render: offerStatus },
  ],
  details: (o) => [
    ['Student', o.student_name],
    ['Program', o.program_title],
    ['Batch', o.batch_name],
    ['Employer', o.employer_name],
    ['Designation', o.designation],
    ['Annual CTC', formatRupees(o.annual_ctc)],
    ['Offer date', formatDate(o.offer_date)],
    ['Joining date', o.joining_date ? formatDate(o.joining_date) : ''],
    ['Status', offerStatus(o)],
    ['Verified on', o.verified_at ? formatDate(o.verified_at) : ''],
    ['Offer letter', offerLetter(o)],
  ],
  // A claimed offer: the employer confirms it through a single-use link (24 hours) to an HR contact.
  rowTask: {
    label: 'Ask employer',
    allowed: (o) => o.status === 'claimed',
    render: (o, machines) => <OfferConfirmationRequest key={o.id} offer={o} machines={machines} />,
  },
  form: {
    fields: OFFER_FIELDS,
    schema: z.preprocess(offerFromForm, OfficeOfferForm),
    empty: {
      student: '',
      batch: '',
      employer: '',
      designation: '',
      annual_ctc: '',
      offer_date: '',
      joining_date: '',
      offer_letter: '',
    },
    toValues: () => ({ decision: 'verify', note: '' }),
    createPath: PLACEMENT_PATHS.offers,
    updatePath: (id) => PLACEMENT_PATHS.offer(id),
    editLabel: 'Verify or reject',
    editAllowed: (o) => o.status === 'claimed',
    intro: (o) => (
      <div className="offer-letter">
        {o.designation} at {o.employer_name}, for {o.student_name}. {offerLetter(o)}
      </div>
    ),
    edit: { fields: DECISION_FIELDS, schema: OfferDecisionForm, method: 'PATCH' },
    save: saveOffer,
  },
};
