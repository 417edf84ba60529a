import { useMemo } from 'react';
import { z } from 'zod';
import {
  Batch,
  BATCH_MODE_LABELS,
  BatchInput,
  BatchPatch,
  DELETE_IMPACT_PATHS,
  DELIVERY_PATHS,
  Session,
  SessionInput,
  SessionPatch,
} from '../../../../contract/index.ts';
import { optionsOf } from '../../../components/field.tsx';
import { Badge } from '../../../components/badges.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../utils/format.ts';
import { AdminTabPanel } from '../components/admin-tab-panel.tsx';
import { confirmDeleteWithImpact } from '../components/confirm-delete-impact.tsx';
import { AssigneeName, useAdminChoices } from './admin-choices.tsx';
import { isoToIstInput, text } from './form-values.ts';
import type { AdminPanelProps, AdminPanelTab, AdminResource, FieldSpec } from './resource-types.ts';
import { yesNo } from './shared-fields.ts';

/**
 * The Batches tab and a batch's Timetable (decision record 044): the administrator's screens over
 * /api/admin/batches/ and its sessions. The server decides what may change (seats never below those
 * taken, an instructor must be one, a batch with enrollments cannot go); its sentence is shown.
 */

function ProgramName({ id }: { id: number }) {
  const programs = useAdminChoices().programs ?? [];
  return <>{programs.find((p) => p.value === String(id))?.label ?? `Program #${id}`}</>;
}

const instructorName = (id: number | null) => (id === null ? '—' : <AssigneeName id={id} />);
const dates = (b: Batch) => `${formatDate(b.starts_on)} – ${formatDate(b.ends_on)}`;

const BATCH_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'starts_on', label: 'Starts on', kind: 'date', required: true },
  { name: 'ends_on', label: 'Ends on', kind: 'date', required: true },
  { name: 'seats', label: 'Seats', kind: 'number', required: true },
  { name: 'mode', label: 'Mode', kind: 'select', required: true, options: optionsOf(BATCH_MODE_LABELS) },
  { name: 'location', label: 'Location (classroom address or "Online")', kind: 'text' },
  { name: 'instructor', label: 'Instructor (an instructor or administrator)', kind: 'select', choices: 'staff' },
  { name: 'is_open', label: 'Open for enrollment', kind: 'checkbox' },
];
const PROGRAM_FIELD: FieldSpec = {
  name: 'course',
  label: 'Program',
  kind: 'select',
  required: true,
  choices: 'programs',
};

export const batchesResource: AdminResource<Batch> = {
  key: 'batches',
  label: 'Batches',
  singular: 'Batch',
  item: Batch,
  listPath: DELIVERY_PATHS.adminBatches,
  listQuery: {},
  filters: [{ name: 'course', label: 'Program', kind: 'select', choices: 'programs' }],
  columns: [
    { label: 'Program', render: (b) => <ProgramName id={b.course} /> },
    { label: 'Name', render: (b) => b.name },
    { label: 'Dates', render: dates },
    { label: 'Mode', render: (b) => BATCH_MODE_LABELS[b.mode] },
    { label: 'Seats', render: (b) => `${b.seats_taken}/${b.seats}` },
    { label: 'Instructor', render: (b) => instructorName(b.instructor) },
    {
      label: 'State',
      render: (b) => (b.is_open ? <Badge colour="green">Open</Badge> : <Badge colour="grey">Closed</Badge>),
    },
  ],
  rowLinks: (b) => [{ label: 'Sessions', search: { tab: 'timetable', batch: String(b.id) } }],
  details: (b) => [
    ['Program', <ProgramName key="p" id={b.course} />],
    ['Name', b.name],
    ['Dates', dates(b)],
    ['Mode', BATCH_MODE_LABELS[b.mode]],
    ['Location', b.location],
    ['Seats', `${b.seats_taken} taken of ${b.seats} (${b.seats_left} left)`],
    ['Instructor', instructorName(b.instructor)],
    ['Open for enrollment', yesNo(b.is_open)],
  ],
  form: {
    fields: [PROGRAM_FIELD, ...BATCH_FIELDS],
    schema: BatchInput,
    empty: {
      course: '',
      name: '',
      starts_on: '',
      ends_on: '',
      seats: '',
      mode: 'online',
      location: '',
      instructor: '',
      is_open: true,
    },
    toValues: (b) => ({
      course: text(b.course),
      name: b.name,
      starts_on: b.starts_on,
      ends_on: b.ends_on,
      seats: text(b.seats),
      mode: b.mode,
      location: b.location,
      instructor: text(b.instructor),
      is_open: b.is_open,
    }),
    createPath: DELIVERY_PATHS.adminBatches,
    updatePath: (id) => DELIVERY_PATHS.adminBatch(id),
    removePath: (id) => DELIVERY_PATHS.adminBatch(id),
    // The program of a batch does not change (its enrollments are for that program).
    edit: { fields: BATCH_FIELDS, schema: BatchPatch, method: 'PATCH' },
  },
};

const SESSION_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'starts_at', label: 'Starts (India Standard Time)', kind: 'datetime', required: true },
  { name: 'duration_minutes', label: 'Duration (minutes)', kind: 'number', required: true },
  { name: 'location', label: 'Location', kind: 'text' },
  { name: 'meeting_url', label: 'Meeting URL', kind: 'url' },
];

const BatchWithSessions = z.object({ sessions: z.array(Session) });

/** A batch's sessions, as a list of the admin framework (they come with GET /api/admin/batches/{id}/). */
function sessionsResourceFor(batchId: number): AdminResource<Session> {
  return {
    key: `timetable-${batchId}`,
    label: 'Sessions',
    singular: 'Session',
    item: Session,
    listPath: DELIVERY_PATHS.adminBatch(batchId),
    listQuery: {},
    fetchList: async () => (await api.get(DELIVERY_PATHS.adminBatch(batchId), BatchWithSessions)).sessions,
    columns: [
      { label: 'Title', render: (s) => s.title },
      { label: 'Starts', render: (s) => formatDateTime(s.starts_at) },
      { label: 'Duration', render: (s) => `${s.duration_minutes} min` },
      { label: 'Location', render: (s) => s.location || '—' },
      { label: 'Meeting URL', render: (s) => s.meeting_url || '—' },
    ],
    details: (s) => [
      ['Title', s.title],
      ['Starts', formatDateTime(s.starts_at)],
      ['Duration', `${s.duration_minutes} minutes`],
      ['Location', s.location],
      ['Meeting URL', s.meeting_url ?? ''],
    ],
    form: {
      fields: SESSION_FIELDS,
      schema: SessionInput,
      empty: { title: '', starts_at: '', duration_minutes: '60', location: '', meeting_url: '' },
      toValues: (s) => ({
        title: s.title,
        starts_at: isoToIstInput(s.starts_at),
        duration_minutes: text(s.duration_minutes),
        location: s.location,
        meeting_url: s.meeting_url ?? '',
      }),
      createPath: DELIVERY_PATHS.adminBatchSessions(batchId),
      updatePath: (id) => DELIVERY_PATHS.adminSession(id),
      removePath: (id) => DELIVERY_PATHS.adminSession(id),
      edit: { fields: SESSION_FIELDS, schema: SessionPatch, method: 'PATCH' },
    },
    ConfirmDelete: confirmDeleteWithImpact(DELETE_IMPACT_PATHS.session),
  };
}

const noop = () => undefined;

/** The Timetable tab: the sessions of the batch chosen (here or by a batch row's Sessions). */
function TimetablePanel({ machines, params }: AdminPanelProps) {
  const batchId = Number(params.batch);
  const resource = useMemo(
    () => (Number.isInteger(batchId) && batchId > 0 ? sessionsResourceFor(batchId) : null),
    [batchId],
  );
  if (!resource) return <p>Choose a batch to see and change its sessions.</p>;
  return (
    <AdminTabPanel
      key={resource.key}
      resource={resource as unknown as AdminResource}
      machines={machines}
      onSaved={noop}
    />
  );
}

export const timetableTab: AdminPanelTab = {
  key: 'timetable',
  label: 'Timetable',
  filters: [{ name: 'batch', label: 'Batch', kind: 'select', choices: 'batches', emptyLabel: 'Choose a batch' }],
  panel: TimetablePanel,
};
