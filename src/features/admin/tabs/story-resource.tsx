import { z } from 'zod';
import { API, AdminSuccessStory, PHOTO_ACCEPT, STORY_PATHS, SuccessStoryInput } from '../../../../contract/index.ts';
import { saveStory } from '../api/stories.ts';
import type { AdminResource } from './resource-types.ts';
import { featured, yesNo } from './shared-fields.ts';

/**
 * Success stories (decision record 079): the office chooses the verified offer a story tells (by student and
 * employer); company, designation and CTC come from it. "Published" says whether the student consented
 * to at least one item: only the student can, from their dashboard.
 */
export const successStoriesResource: AdminResource<AdminSuccessStory> = {
  key: 'success-stories',
  label: 'Success Stories',
  singular: 'Success Story',
  item: AdminSuccessStory,
  listPath: STORY_PATHS.adminList,
  listQuery: {},
  columns: [
    { label: 'Student', render: (s) => s.student_name },
    { label: 'Offer', render: (s) => s.offer_label || 'No offer: never published' },
    { label: 'Published', render: (s) => (s.published ? 'Yes (student consented)' : 'No (no consent)') },
  ],
  details: (s) => [
    ['Student (as published)', s.student_name],
    ['Offer', s.offer_label || 'None'],
    ['Company', s.placement_company_name],
    ['Designation', s.designation],
    ['CTC', s.salary],
    ['Photo', s.photo_uploaded ? 'Uploaded (shown only with the student’s consent to it)' : s.photo || 'None'],
    ['Story', s.story],
    ['Featured', yesNo(s.is_featured)],
    ['Published', s.published ? 'Yes: the student consented' : 'No: waiting for the student’s consent'],
  ],
  form: {
    fields: [
      {
        name: 'offer_id',
        label: 'Verified offer (student · employer · designation)',
        kind: 'select',
        required: true,
        choices: 'verifiedOffers',
      },
      { name: 'student_name', label: 'Student name as published (title)', kind: 'text', required: true },
      { name: 'story', label: 'Story (quote)', kind: 'textarea' },
      { name: 'photo', label: 'Photo URL (shown only if the student consents)', kind: 'url' },
      {
        name: 'photo_upload',
        label: 'Photo upload (shown only if the student consents)',
        kind: 'file',
        accept: PHOTO_ACCEPT,
        hint: 'JPEG, PNG or WebP, within the upload limit; shown instead of the URL; the student is asked to consent again.',
      },
      featured,
    ],
    schema: SuccessStoryInput.extend({ photo_upload: z.instanceof(File).optional() }),
    empty: { offer_id: '', student_name: '', story: '', photo: '', photo_upload: '', is_featured: false },
    toValues: (s) => ({
      offer_id: s.offer_id ? String(s.offer_id) : '',
      student_name: s.student_name,
      story: s.story,
      photo: s.photo,
      photo_upload: '',
      is_featured: s.is_featured,
    }),
    createPath: API.successStories.create,
    updatePath: (id) => API.successStories.update(id),
    removePath: (id) => API.successStories.remove(id),
    save: saveStory,
  },
};
