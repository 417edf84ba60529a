import {
  AdminUser,
  AdminUserInput,
  AdminUserPatch,
  API,
  AuditEntry,
  COUNSELING_STATUS_LABELS,
  COUNSELING_STATUSES,
  ERASED_ACCOUNT,
  isErasedEmail,
  PAYMENT_LIST_STATUSES,
  PAYMENT_STATUS_LABELS,
  STATUS_LABELS,
  STATUSES,
} from '../../../../contract/index.ts';
import { Badge, RoleBadge } from '../../../components/badges.tsx';
import { formatDateTime, fullName } from '../../../utils/format.ts';
import { GrantScholarship } from '../components/grant-scholarship.tsx';
import { RemoveSecondFactor } from '../components/remove-second-factor.tsx';
import { UserAccess } from '../components/user-access.tsx';
import { SendPasswordReset } from '../components/send-password-reset.tsx';
import type { AdminResource, FieldSpec, FilterSpec } from './resource-types.ts';

/** The office's tabs (issue 11): user accounts and the audit log; the filters of the record tabs. */

const ROLE_OPTIONS = [
  { value: 'admin', label: 'Administrator' },
  { value: 'instructor', label: 'Instructor' },
  { value: 'student', label: 'Student' },
];

const NAME_FIELDS: FieldSpec[] = [
  { name: 'first_name', label: 'First name', kind: 'text', required: true },
  { name: 'last_name', label: 'Last name', kind: 'text', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'role', label: 'Role', kind: 'select', required: true, options: ROLE_OPTIONS },
];

export const usersResource: AdminResource<AdminUser> = {
  key: 'users',
  label: 'Users',
  singular: 'User',
  item: AdminUser,
  listPath: API.admin.users,
  listQuery: {},
  exportPath: API.admin.exports.users,
  filters: [
    { name: 'search', label: 'Search name, username or email', kind: 'search' },
    { name: 'role', label: 'Role', kind: 'select', options: ROLE_OPTIONS },
    {
      name: 'is_active',
      label: 'State',
      kind: 'select',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Deactivated' },
      ],
    },
  ],
  columns: [
    { label: 'Username', render: (u) => u.username },
    { label: 'Name', render: (u) => (isErasedEmail(u.email) ? ERASED_ACCOUNT : fullName(u)) },
    { label: 'Email', render: (u) => (isErasedEmail(u.email) ? '—' : u.email) },
    { label: 'Role', render: (u) => <RoleBadge role={u.profile.role} /> },
    {
      label: 'State',
      render: (u) => (u.is_active ? <Badge colour="green">Active</Badge> : <Badge colour="grey">Deactivated</Badge>),
    },
    { label: 'Last login', render: (u) => (u.last_login ? formatDateTime(u.last_login) : 'Never') },
  ],
  details: (u) => [
    ['Username', u.username],
    ['Name', isErasedEmail(u.email) ? ERASED_ACCOUNT : fullName(u)],
    ['Email', isErasedEmail(u.email) ? '—' : u.email],
    ['Role', <RoleBadge key="r" role={u.profile.role} />],
    ['State', u.is_active ? 'Active' : 'Deactivated'],
    ['Joined', formatDateTime(u.date_joined)],
    ['Last login', u.last_login ? formatDateTime(u.last_login) : 'Never'],
    ['Second factor', u.mfa_enabled ? 'On' : 'Off'],
  ],
  viewExtra: (u, machines) => (
    <>
      {machines.accessFor ? <UserAccess key={`access-${u.id}`} user={u} machines={machines} /> : null}
      {machines.passwordResetFor ? <SendPasswordReset key={u.id} user={u} machines={machines} /> : null}
      {machines.mfaResetFor && u.mfa_enabled ? (
        <RemoveSecondFactor key={`mfa-${u.id}`} user={u} machines={machines} />
      ) : null}
      {machines.scholarshipFor && u.profile.role === 'student' ? (
        <GrantScholarship key={`scholarship-${u.id}`} user={u} machines={machines} />
      ) : null}
    </>
  ),
  // A student's row offers Grant scholarship (decision record 053), the same form as in View.
  rowTask: {
    label: 'Grant scholarship',
    allowed: (u) => u.profile.role === 'student',
    render: (u, machines) =>
      machines.scholarshipFor ? <GrantScholarship key={`scholarship-${u.id}`} user={u} machines={machines} /> : null,
  },
  form: {
    fields: [
      { name: 'username', label: 'Username', kind: 'text', required: true },
      { name: 'password', label: 'Password (8 characters or more)', kind: 'text', required: true },
      ...NAME_FIELDS,
    ],
    schema: AdminUserInput,
    empty: { username: '', password: '', first_name: '', last_name: '', email: '', role: 'instructor' },
    toValues: (u) => ({
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      role: u.profile.role,
    }),
    createPath: API.admin.users,
    updatePath: (id) => API.admin.user(id),
    edit: {
      // Deactivate and Reactivate are in View, where what they touch is read and confirmed (decision 077).
      fields: NAME_FIELDS,
      schema: AdminUserPatch,
      method: 'PATCH',
    },
  },
};

export const auditLogResource: AdminResource<AuditEntry> = {
  key: 'audit',
  label: 'Audit Log',
  singular: 'Audit Entry',
  item: AuditEntry,
  listPath: API.admin.auditLog,
  listQuery: {},
  filters: [
    { name: 'actor', label: 'Actor (user id)', kind: 'search' },
    {
      name: 'entity',
      label: 'Record type',
      kind: 'select',
      options: [
        'payment',
        'enrollment',
        'user',
        'counseling_request',
        'program',
        'workshop',
        'faculty',
        'resource',
        'testimonial',
        'success_story',
      ].map((value) => ({ value, label: value.replace('_', ' ') })),
    },
    { name: 'date_from', label: 'From (IST)', kind: 'date' },
    { name: 'date_to', label: 'To (IST)', kind: 'date' },
  ],
  columns: [
    { label: 'When', render: (e) => formatDateTime(e.created_at) },
    { label: 'Who', render: (e) => e.actor?.username ?? 'system' },
    { label: 'Action', render: (e) => e.action },
    { label: 'Record', render: (e) => `${e.entity}${e.entity_id !== null ? ` #${e.entity_id}` : ''}` },
  ],
  details: (e) => [
    ['When', formatDateTime(e.created_at)],
    ['Who', e.actor?.username ?? 'system'],
    ['Action', e.action],
    ['Record', `${e.entity}${e.entity_id !== null ? ` #${e.entity_id}` : ''}`],
    ['Changes', <pre key="c">{JSON.stringify(e.changes, null, 2)}</pre>],
  ],
};

/** Payments and Enrollments: status, urgency, course type and IST dates, and a student search. */
export const RECORD_FILTERS: FilterSpec[] = [
  { name: 'search', label: 'Search student name, username or email', kind: 'search' },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  },
  {
    name: 'is_urgent',
    label: 'Urgent',
    kind: 'select',
    options: [
      { value: 'true', label: 'Urgent' },
      { value: 'false', label: 'Not urgent' },
    ],
  },
  {
    name: 'course_type',
    label: 'Course type',
    kind: 'select',
    options: [
      { value: 'program', label: 'Program' },
      { value: 'workshop', label: 'Workshop' },
    ],
  },
  { name: 'date_from', label: 'From (IST)', kind: 'date' },
  { name: 'date_to', label: 'To (IST)', kind: 'date' },
];

/** Payments: the record filters, with every payment status, refunded and partly refunded too. */
export const PAYMENT_FILTERS: FilterSpec[] = RECORD_FILTERS.map((filter) =>
  filter.name === 'status'
    ? {
        ...filter,
        options: PAYMENT_LIST_STATUSES.map((s) => ({
          value: s,
          label: s === 'partly_refunded' ? 'Partly refunded' : PAYMENT_STATUS_LABELS[s],
        })),
      }
    : filter,
);

export const COUNSELING_FILTERS: FilterSpec[] = [
  { name: 'search', label: 'Search name, email or phone', kind: 'search' },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: COUNSELING_STATUSES.map((s) => ({ value: s, label: COUNSELING_STATUS_LABELS[s] })),
  },
  {
    name: 'assignee',
    label: 'Assignee',
    kind: 'select',
    choices: 'staff',
    options: [{ value: 'none', label: 'Nobody yet' }],
  },
];
