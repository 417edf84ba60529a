import { API, DELETE_IMPACT_PATHS, Faculty, FacultyInput } from '../../../../contract/index.ts';
import { confirmDeleteWithImpact } from '../components/confirm-delete-impact.tsx';
import { fullName } from '../../../utils/format.ts';
import { text } from './form-values.ts';
import type { AdminResource } from './resource-types.ts';
import { ALL, featured, yesNo } from './shared-fields.ts';

export const facultyResource: AdminResource<Faculty> = {
  key: 'faculty',
  label: 'Faculty',
  singular: 'Faculty Member',
  item: Faculty,
  listPath: API.faculty.list,
  listQuery: ALL,
  columns: [
    { label: 'Name', render: (f) => fullName(f.user) },
    { label: 'Email', render: (f) => f.user.email },
    { label: 'Expertise', render: (f) => f.expertise },
    { label: 'Experience', render: (f) => `${f.experience_years} years` },
  ],
  details: (f) => [
    ['Name', fullName(f.user)],
    ['Email', f.user.email],
    ['Expertise', f.expertise],
    ['Experience', `${f.experience_years} years`],
    ['Previous companies', f.previous_companies],
    ['Bio', f.bio],
    ['LinkedIn', f.linkedin_url || '—'],
    ['Featured', yesNo(f.is_featured)],
  ],
  form: {
    fields: [
      { name: 'first_name', label: 'First name', kind: 'text', required: true },
      { name: 'last_name', label: 'Last name', kind: 'text', required: true },
      { name: 'email', label: 'Email', kind: 'email', required: true },
      { name: 'expertise', label: 'Expertise', kind: 'text', required: true },
      { name: 'experience_years', label: 'Experience (years)', kind: 'number', required: true },
      { name: 'previous_companies', label: 'Previous companies (comma-separated)', kind: 'text' },
      { name: 'bio', label: 'Bio', kind: 'textarea' },
      { name: 'linkedin_url', label: 'LinkedIn URL', kind: 'url' },
      featured,
    ],
    schema: FacultyInput,
    empty: {
      first_name: '',
      last_name: '',
      email: '',
      expertise: '',
      experience_years: '',
      previous_companies: '',
      bio: '',
      linkedin_url: '',
      is_featured: false,
    },
    toValues: (f) => ({
      first_name: f.user.first_name,
      last_name: f.user.last_name,
      email: f.user.email,
      expertise: f.expertise,
      experience_years: text(f.experience_years),
      previous_companies: f.previous_companies,
      bio: f.bio,
      linkedin_url: f.linkedin_url,
      is_featured: f.is_featured,
    }),
    createPath: API.faculty.create,
    updatePath: (id) => API.faculty.update(id),
    removePath: (id) => API.faculty.remove(id),
  },
  ConfirmDelete: confirmDeleteWithImpact(DELETE_IMPACT_PATHS.faculty),
};
