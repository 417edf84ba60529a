import {
  API,
  ApiError,
  Resource,
  RESOURCE_TYPE_SINGULAR,
  ResourceInput,
  Testimonial,
  TestimonialInput,
  Workshop,
  WorkshopInput,
} from '../../../../contract/index.ts';
import { z } from 'zod';
import { optionsOf } from '../../../components/field.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime, formatINR, fullName } from '../../../utils/format.ts';
import { uploadResourceFile } from '../api/admin-api.ts';
import { isoToIstInput, text } from './form-values.ts';
import type { AdminResource } from './resource-types.ts';
import { ALL, description, featured, instructorField, title, yesNo } from './shared-fields.ts';
import { confirmCourseDelete } from '../components/confirm-course-delete.tsx';

export { programsResource } from './program-resource.tsx';
export { facultyResource } from './faculty-resource.tsx';
export { successStoriesResource } from './story-resource.tsx';

/** Delete reads what it touches first: a course with payments or enrollments is archived (decision 077). */
const ConfirmWorkshopDelete = confirmCourseDelete('workshop');

export const workshopsResource: AdminResource<Workshop> = {
  key: 'workshops',
  label: 'Workshops',
  singular: 'Workshop',
  ConfirmDelete: ConfirmWorkshopDelete,
  item: Workshop,
  listPath: API.workshops.list,
  listQuery: ALL,
  columns: [
    { label: 'Title', render: (w) => w.title },
    { label: 'Date', render: (w) => formatDateTime(w.date) },
    { label: 'Price', render: (w) => (w.price === 0 ? 'Free' : formatINR(w.price)) },
    { label: 'Participants', render: (w) => `${w.current_participants}/${w.max_participants}` },
  ],
  details: (w) => [
    ['Title', w.title],
    ['Description', w.description],
    ['Instructor', fullName(w.instructor) || '—'],
    ['Date', formatDateTime(w.date)],
    ['Duration', `${w.duration_hours} hours`],
    ['Price', w.price === 0 ? 'Free' : formatINR(w.price)],
    ['Participants', `${w.current_participants}/${w.max_participants}`],
    ['Live', yesNo(w.is_live)],
    ['Active', yesNo(w.is_active)],
  ],
  form: {
    fields: [
      title,
      description,
      { name: 'date', label: 'Date and time', kind: 'datetime', required: true },
      { name: 'duration_hours', label: 'Duration (hours)', kind: 'number', required: true },
      { name: 'price', label: 'Price (₹, 0 for free)', kind: 'number', required: true },
      { name: 'max_participants', label: 'Maximum participants', kind: 'number', required: true },
      instructorField,
      { name: 'is_live', label: 'Live', kind: 'checkbox' },
      { name: 'is_active', label: 'Active', kind: 'checkbox' },
    ],
    schema: WorkshopInput,
    empty: {
      title: '',
      description: '',
      date: '',
      duration_hours: '',
      price: '0',
      max_participants: '',
      instructor_id: '',
      is_live: false,
      is_active: true,
    },
    toValues: (w) => ({
      title: w.title,
      description: w.description,
      date: isoToIstInput(w.date),
      duration_hours: text(w.duration_hours),
      price: text(w.price),
      max_participants: text(w.max_participants),
      instructor_id: text(w.instructor_id),
      is_live: w.is_live,
      is_active: w.is_active,
    }),
    createPath: API.workshops.create,
    updatePath: (id) => API.workshops.update(id),
    removePath: (id) => API.workshops.remove(id),
  },
};

export const testimonialsResource: AdminResource<Testimonial> = {
  key: 'testimonials',
  label: 'Testimonials',
  singular: 'Testimonial',
  item: Testimonial,
  listPath: API.testimonials.list,
  listQuery: ALL,
  columns: [
    { label: 'Title', render: (t) => t.title },
    { label: 'Name', render: (t) => t.name },
    { label: 'Featured', render: (t) => yesNo(t.is_featured) },
  ],
  details: (t) => [
    ['Title', t.title],
    ['Name', t.name],
    ['Description', t.description],
    ['Featured', yesNo(t.is_featured)],
  ],
  form: {
    fields: [title, description, { name: 'name', label: 'Name', kind: 'text' }, featured],
    schema: TestimonialInput,
    empty: { title: '', description: '', name: '', is_featured: false },
    toValues: (t) => ({ title: t.title, description: t.description, name: t.name, is_featured: t.is_featured }),
    createPath: API.testimonials.create,
    updatePath: (id) => API.testimonials.update(id),
    removePath: (id) => API.testimonials.remove(id),
  },
};

/**
 * Saves a resource (its JSON, keeping the file it has: the link is set by uploads only), then uploads the
 * file chosen, if any. A refused upload leaves the dialog open with the server's message under the field;
 * when adding, the resource just created is removed again, so the next save creates exactly one.
 */
async function saveResource(mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) {
  const { upload, ...fields } = values as { upload?: File } & Record<string, unknown>;
  const current = mode === 'edit' ? ((item as Resource | null)?.file ?? '') : '';
  const body = { ...fields, file: current };
  const saved =
    mode === 'add' || !item
      ? await api.post(API.resources.create, body, Resource)
      : await api.put(API.resources.update(item.id), body, Resource);
  if (upload) {
    await uploadResourceFile(saved.id, upload).catch(async (error: unknown) => {
      // Adding: the resource was created for this file; without it, it goes again, so that saving once
      // more (with another file) does not leave a second, file-less copy behind.
      if (mode === 'add' || !item) await api.delete(API.resources.remove(saved.id)).catch(() => undefined);
      // The server names the field "file"; the form's field is "upload".
      const data = error instanceof ApiError ? (error.body as { file?: unknown; error?: unknown } | null) : null;
      if (error instanceof ApiError && data && (data.file || data.error))
        throw new ApiError(error.status, { upload: data.file ?? [data.error] });
      throw error;
    });
  }
  return saved;
}

export const resourcesResource: AdminResource<Resource> = {
  key: 'resources',
  label: 'Resources',
  singular: 'Resource',
  item: Resource,
  listPath: API.resources.list,
  listQuery: ALL,
  columns: [
    { label: 'Title', render: (r) => r.title },
    { label: 'Type', render: (r) => RESOURCE_TYPE_SINGULAR[r.resource_type] },
    { label: 'Author', render: (r) => fullName(r.author) || '—' },
    { label: 'Featured', render: (r) => yesNo(r.is_featured) },
  ],
  details: (r) => [
    ['Title', r.title],
    ['Description', r.description],
    ['Type', RESOURCE_TYPE_SINGULAR[r.resource_type]],
    ['Author', fullName(r.author) || '—'],
    ['External URL', r.external_url ?? '—'],
    ['File', r.file ?? '—'],
    ['Featured', yesNo(r.is_featured)],
  ],
  form: {
    fields: [
      title,
      description,
      {
        name: 'resource_type',
        label: 'Type',
        kind: 'select',
        required: true,
        options: optionsOf(RESOURCE_TYPE_SINGULAR),
      },
      { name: 'external_url', label: 'External URL', kind: 'url' },
      { name: 'upload', label: 'Upload a file (replaces the current one)', kind: 'file' },
      { name: 'author_id', label: 'Author', kind: 'select', choices: 'faculty' },
      featured,
    ],
    schema: ResourceInput.extend({ upload: z.instanceof(File).optional() }),
    empty: {
      title: '',
      description: '',
      resource_type: 'article',
      external_url: '',
      upload: '',
      author_id: '',
      is_featured: false,
    },
    toValues: (r) => ({
      title: r.title,
      description: r.description,
      resource_type: r.resource_type,
      external_url: r.external_url ?? '',
      upload: '',
      author_id: text(r.author_id),
      is_featured: r.is_featured,
    }),
    createPath: API.resources.create,
    updatePath: (id) => API.resources.update(id),
    removePath: (id) => API.resources.remove(id),
    save: saveResource,
  },
};
