import { z } from 'zod';
import {
  formatRupees,
  Opening,
  OPENING_PATHS,
  OPENING_STATUSES,
  OpeningInput,
  type OpeningStatus,
} from '../../../../contract/index.ts';
import { Badge } from '../../../components/badges.tsx';
import { formatDate } from '../../../utils/format.ts';
import { OpeningApplications } from '../components/opening-applications.tsx';
import { useAdminChoices } from './admin-choices.tsx';
import type { AdminChoices, AdminResource, FieldSpec } from './resource-types.ts';

/**
 * The Openings tab (decision record 078): the placement cell posts an employer's opening for programs or
 * batches (chosen by name), and from an opening sees its Applications and moves each through the stages.
 * An opening with applications is closed, not deleted (the server says so).
 */

const STATUS_LABELS: Record<OpeningStatus, string> = { open: 'Open', closed: 'Closed' };
const STATUS_OPTIONS = OPENING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

const FIELDS: FieldSpec[] = [
  { name: 'employer', label: 'Employer', kind: 'select', required: true, choices: 'employers' },
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'location', label: 'Location', kind: 'text' },
  { name: 'ctc_min', label: 'Lowest annual CTC (whole rupees a year)', kind: 'number', required: true },
  { name: 'ctc_max', label: 'Highest annual CTC (whole rupees a year)', kind: 'number', required: true },
  { name: 'programs', label: 'Open to the students of these programs', kind: 'multiselect', choices: 'programs' },
  { name: 'batches', label: 'and of these batches', kind: 'multiselect', choices: 'batches' },
  { name: 'description', label: 'Description (plain text, shown as typed)', kind: 'textarea' },
  {
    name: 'deadline',
    label: 'Apply by (the last day: applications close at 11:59 pm IST)',
    kind: 'date',
    required: true,
  },
  { name: 'status', label: 'Status', kind: 'select', required: true, options: STATUS_OPTIONS },
];

/** "3, 5" (the multi-select's value) → [3, 5]; anything else stays (and is refused). */
function idsFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const tokens = value.split(/[\s,]+/).filter(Boolean);
  return tokens.every((t) => /^[1-9]\d{0,15}$/.test(t)) ? tokens.map(Number) : value;
}
const fromForm = (values: unknown) => {
  const v = { ...(values as Record<string, unknown>) };
  v.programs = idsFromText(v.programs);
  v.batches = idsFromText(v.batches);
  if (v.employer === null) v.employer = undefined;
  return v;
};

const ctcRange = (o: Opening) =>
  o.ctc_min === o.ctc_max ? formatRupees(o.ctc_min) : `${formatRupees(o.ctc_min)} to ${formatRupees(o.ctc_max)}`;
const statusBadge = (o: Opening) => (
  <Badge colour={o.status === 'open' ? 'green' : 'grey'}>{STATUS_LABELS[o.status]}</Badge>
);

/** The programs and batches an opening is open to, by name (the panel's loaded choices). */
function EligibleNames({ ids, of }: { ids: number[]; of: keyof Pick<AdminChoices, 'programs' | 'batches'> }) {
  const choices = useAdminChoices()[of] ?? [];
  if (ids.length === 0) return <>—</>;
  return <>{ids.map((id) => choices.find((c) => c.value === String(id))?.label ?? `#${id}`).join('; ')}</>;
}

export const openingsResource: AdminResource<Opening> = {
  key: 'openings',
  label: 'Openings',
  singular: 'Opening',
  item: Opening,
  listPath: OPENING_PATHS.openings,
  listQuery: {},
  filters: [{ name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS }],
  columns: [
    { label: 'Title', render: (o) => o.title },
    { label: 'Employer', render: (o) => o.employer_name },
    { label: 'Annual CTC', render: ctcRange },
    { label: 'Apply by', render: (o) => formatDate(o.deadline) },
    { label: 'Status', render: statusBadge },
    { label: 'Applications', render: (o) => String(o.applications) },
  ],
  details: (o) => [
    ['Title', o.title],
    ['Employer', o.employer_name],
    ['Location', o.location],
    ['Annual CTC', `${ctcRange(o)} a year`],
    ['Programs', <EligibleNames key="programs" ids={o.programs} of="programs" />],
    ['Batches', <EligibleNames key="batches" ids={o.batches} of="batches" />],
    ['Apply by', `${formatDate(o.deadline)}, 11:59 pm IST`],
    ['Status', statusBadge(o)],
    ['Applications', String(o.applications)],
    ['Description', o.description],
  ],
  // The office's work on an opening: its applications and their stages.
  rowTask: {
    label: 'Applications',
    allowed: () => true,
    render: (o, machines) => <OpeningApplications key={o.id} opening={o} machines={machines} />,
  },
  form: {
    fields: FIELDS,
    schema: z.preprocess(fromForm, OpeningInput),
    empty: {
      employer: '',
      title: '',
      location: '',
      ctc_min: '',
      ctc_max: '',
      programs: '',
      batches: '',
      description: '',
      deadline: '',
      status: 'open',
    },
    toValues: (o) => ({
      employer: String(o.employer),
      title: o.title,
      location: o.location,
      ctc_min: String(o.ctc_min),
      ctc_max: String(o.ctc_max),
      programs: o.programs.join(', '),
      batches: o.batches.join(', '),
      description: o.description,
      deadline: o.deadline,
      status: o.status,
    }),
    createPath: OPENING_PATHS.openings,
    updatePath: (id) => OPENING_PATHS.opening(id),
    removePath: (id) => OPENING_PATHS.opening(id),
  },
};
