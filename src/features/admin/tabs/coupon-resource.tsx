import { z } from 'zod';
import {
  Coupon,
  COUPON_PATHS,
  CouponInput,
  CouponPatch,
  formatRupees,
  type CouponCourse,
} from '../../../../contract/index.ts';
import { Badge } from '../../../components/badges.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import { useAdminChoices } from './admin-choices.tsx';
import { isoToIstInput, text } from './form-values.ts';
import type { AdminResource, FieldSpec } from './resource-types.ts';

/**
 * The Coupons tab (decision record 053): list, create and edit coupons (never delete: payments refer to
 * them; untick Active instead). The courses are chosen by title from the programs and workshops (a
 * searchable multi-select whose value is `program:3, workshop:5`; none: every course).
 */

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Rupees off' },
];

const FIELDS: FieldSpec[] = [
  { name: 'code', label: 'Code (letters, digits, - or _)', kind: 'text', required: true },
  { name: 'kind', label: 'Kind', kind: 'select', required: true, options: KIND_OPTIONS },
  { name: 'value', label: 'Value (percent, or whole rupees)', kind: 'number', required: true },
  { name: 'courses', label: 'Courses (none chosen: every course)', kind: 'multiselect', choices: 'courses' },
  { name: 'starts_at', label: 'Starts', kind: 'datetime' },
  { name: 'ends_at', label: 'Ends', kind: 'datetime' },
  { name: 'max_uses', label: 'Uses in all (empty: no limit)', kind: 'number' },
  { name: 'max_uses_per_student', label: 'Uses per student', kind: 'number', required: true },
  { name: 'min_amount', label: 'Smallest price it applies to (rupees)', kind: 'number' },
  { name: 'is_active', label: 'Active', kind: 'checkbox' },
];

const COURSE_TOKEN = /^(program|workshop):([1-9]\d{0,15})$/;

/** "program:3, workshop:5" → [{course_type, course}]; anything else stays as typed (and is refused). */
function coursesFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const tokens = value
    .split(/[\s,]+/)
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (!tokens.every((t) => COURSE_TOKEN.test(t))) return value;
  return tokens.map((t) => {
    const [, courseType, id] = COURSE_TOKEN.exec(t)!;
    return { course_type: courseType, course: Number(id) };
  });
}

const coursesText = (courses: CouponCourse[]) => courses.map((c) => `${c.course_type}:${c.course}`).join(', ');

/** A coupon's courses by title (the loaded programs and workshops), or All. */
function CourseTitles({ courses }: { courses: CouponCourse[] }) {
  const choices = useAdminChoices().courses ?? [];
  if (courses.length === 0) return <>All</>;
  const title = (c: CouponCourse) => {
    const value = `${c.course_type}:${c.course}`;
    return choices.find((o) => o.value === value)?.label ?? value;
  };
  return <>{courses.map(title).join('; ')}</>;
}

/** The form's strings as the API takes them: courses parsed, empty dates as none. */
function fromForm(values: unknown): unknown {
  const v = { ...(values as Record<string, unknown>) };
  v.courses = coursesFromText(v.courses);
  for (const key of ['starts_at', 'ends_at']) if (v[key] === '') v[key] = null;
  return v;
}

const describeValue = (c: Coupon) => (c.kind === 'percent' ? `${c.value}% off` : `${formatRupees(c.value)} off`);

export const couponsResource: AdminResource<Coupon> = {
  key: 'coupons',
  label: 'Coupons',
  singular: 'Coupon',
  item: Coupon,
  listPath: COUPON_PATHS.adminList,
  listQuery: {},
  columns: [
    { label: 'Code', render: (c) => c.code },
    { label: 'Discount', render: describeValue },
    { label: 'Courses', render: (c) => <CourseTitles courses={c.courses} /> },
    { label: 'Uses', render: (c) => (c.max_uses === null ? String(c.uses) : `${c.uses} of ${c.max_uses}`) },
    {
      label: 'State',
      render: (c) => (c.is_active ? <Badge colour="green">Active</Badge> : <Badge colour="grey">Inactive</Badge>),
    },
    { label: 'Ends', render: (c) => (c.ends_at ? formatDateTime(c.ends_at) : 'Never') },
  ],
  details: (c) => [
    ['Code', c.code],
    ['Discount', describeValue(c)],
    ['Courses', <CourseTitles key="courses" courses={c.courses} />],
    ['Starts', c.starts_at ? formatDateTime(c.starts_at) : 'At once'],
    ['Ends', c.ends_at ? formatDateTime(c.ends_at) : 'Never'],
    ['Uses', c.max_uses === null ? `${c.uses} (no limit)` : `${c.uses} of ${c.max_uses}`],
    ['Uses per student', String(c.max_uses_per_student)],
    ['Smallest price', c.min_amount === null ? 'Any' : formatRupees(c.min_amount)],
    ['State', c.is_active ? 'Active' : 'Inactive'],
  ],
  form: {
    fields: FIELDS,
    schema: z.preprocess(fromForm, CouponInput),
    empty: {
      code: '',
      kind: 'percent',
      value: '',
      courses: '',
      starts_at: '',
      ends_at: '',
      max_uses: '',
      max_uses_per_student: '1',
      min_amount: '',
      is_active: true,
    },
    toValues: (c) => ({
      code: c.code,
      kind: c.kind,
      value: text(c.value),
      courses: coursesText(c.courses),
      starts_at: c.starts_at ? isoToIstInput(c.starts_at) : '',
      ends_at: c.ends_at ? isoToIstInput(c.ends_at) : '',
      max_uses: text(c.max_uses),
      max_uses_per_student: text(c.max_uses_per_student),
      min_amount: text(c.min_amount),
      is_active: c.is_active,
    }),
    createPath: COUPON_PATHS.adminList,
    updatePath: (id) => COUPON_PATHS.adminOne(id),
    edit: { fields: FIELDS, schema: z.preprocess(fromForm, CouponPatch), method: 'PATCH' },
  },
};
