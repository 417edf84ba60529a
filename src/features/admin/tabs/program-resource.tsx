import {
  API,
  CATEGORY_LABELS,
  LEVEL_LABELS,
  Program,
  ProgramInput,
  TARGET_AUDIENCE_LABELS,
} from '../../../../contract/index.ts';
import { optionsOf } from '../../../components/field.tsx';
import { formatINR, fullName } from '../../../utils/format.ts';
import { text } from './form-values.ts';
import type { AdminResource, FieldSpec } from './resource-types.ts';
import { ALL, description, featured, instructorField, title, yesNo } from './shared-fields.ts';
import { confirmCourseDelete } from '../components/confirm-course-delete.tsx';

const PROGRAM_FIELDS: FieldSpec[] = [
  title,
  { name: 'subtitle', label: 'Subtitle', kind: 'text' },
  { ...description, required: true },
  { name: 'level', label: 'Level', kind: 'select', required: true, options: optionsOf(LEVEL_LABELS) },
  { name: 'category', label: 'Category', kind: 'select', required: true, options: optionsOf(CATEGORY_LABELS) },
  {
    name: 'target_audience',
    label: 'Target audience',
    kind: 'select',
    required: true,
    options: optionsOf(TARGET_AUDIENCE_LABELS),
  },
  { name: 'price', label: 'Price (₹)', kind: 'number', required: true },
  { name: 'original_price', label: 'Original price (₹)', kind: 'number' },
  { name: 'duration_weeks', label: 'Duration (weeks)', kind: 'number', required: true },
  { name: 'avg_salary', label: 'Average salary (e.g. 6-8L)', kind: 'text' },
  instructorField,
  featured,
  { name: 'is_flagship', label: 'Flagship', kind: 'checkbox' },
  { name: 'is_active', label: 'Active', kind: 'checkbox' },
];

/** Delete reads what it touches first: a course with payments or enrollments is archived (decision 077). */
const ConfirmProgramDelete = confirmCourseDelete('program');

export const programsResource: AdminResource<Program> = {
  key: 'programs',
  label: 'Programs',
  singular: 'Program',
  ConfirmDelete: ConfirmProgramDelete,
  item: Program,
  listPath: API.programs.list,
  listQuery: ALL,
  columns: [
    { label: 'Title', render: (p) => p.title },
    { label: 'Level', render: (p) => LEVEL_LABELS[p.level] },
    { label: 'Price', render: (p) => formatINR(p.price) },
    { label: 'Duration', render: (p) => `${p.duration_weeks} weeks` },
    { label: 'Active', render: (p) => yesNo(p.is_active) },
  ],
  details: (p) => [
    ['Title', p.title],
    ['Subtitle', p.subtitle],
    ['Description', p.description],
    ['Level', LEVEL_LABELS[p.level]],
    ['Category', CATEGORY_LABELS[p.category]],
    ['Target audience', TARGET_AUDIENCE_LABELS[p.target_audience]],
    ['Price', formatINR(p.price)],
    ['Original price', p.original_price === null ? '—' : formatINR(p.original_price)],
    ['Duration', `${p.duration_weeks} weeks (${p.duration_months} months)`],
    ['Average salary', p.avg_salary],
    ['Instructor', fullName(p.instructor) || '—'],
    ['Featured', yesNo(p.is_featured)],
    ['Flagship', yesNo(p.is_flagship)],
    ['Active', yesNo(p.is_active)],
  ],
  form: {
    fields: PROGRAM_FIELDS,
    schema: ProgramInput,
    empty: {
      title: '',
      subtitle: '',
      description: '',
      level: '',
      category: '',
      target_audience: '',
      price: '',
      original_price: '',
      duration_weeks: '',
      avg_salary: '',
      instructor_id: '',
      is_featured: false,
      is_flagship: false,
      is_active: true,
    },
    toValues: (p) => ({
      title: p.title,
      subtitle: p.subtitle,
      description: p.description,
      level: p.level,
      category: p.category,
      target_audience: p.target_audience,
      price: text(p.price),
      original_price: text(p.original_price),
      duration_weeks: text(p.duration_weeks),
      avg_salary: p.avg_salary,
      instructor_id: text(p.instructor_id),
      is_featured: p.is_featured,
      is_flagship: p.is_flagship,
      is_active: p.is_active,
    }),
    createPath: API.programs.create,
    updatePath: (id) => API.programs.update(id),
    removePath: (id) => API.programs.remove(id),
  },
};
