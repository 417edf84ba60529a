import { STORY_PATHS } from '../../../contract/stories.ts';
import { API } from '../../../contract/index.ts';
import { programInput, workshopInput } from './fixtures.ts';
import { ADMIN_CREATE, ADMIN_DELETE, ADMIN_READ, faculty, ids, PUBLIC, type Row } from './access-matrix-app.ts';

/** The access matrix's rows for the catalogue: programs, workshops, faculty, testimonials, stories, resources. */
export const CATALOGUE_ROWS: Row[] = [
  { name: 'program list', method: 'GET', url: () => API.programs.list, expect: PUBLIC },
  { name: 'program detail', method: 'GET', url: () => API.programs.detail(ids.program!), expect: PUBLIC },
  {
    name: 'program create',
    method: 'POST',
    url: () => API.programs.create,
    body: () => programInput(),
    expect: ADMIN_CREATE,
  },
  {
    name: 'program update',
    method: 'PUT',
    url: () => API.programs.update(ids.program!),
    body: () => programInput(),
    expect: ADMIN_READ,
  },
  {
    name: 'program delete',
    method: 'DELETE',
    url: () => API.programs.remove(ids.doomedProgram!),
    expect: ADMIN_DELETE,
  },
  { name: 'workshop list', method: 'GET', url: () => API.workshops.list, expect: PUBLIC },
  { name: 'workshop detail', method: 'GET', url: () => API.workshops.detail(ids.workshop!), expect: PUBLIC },
  {
    name: 'workshop create',
    method: 'POST',
    url: () => API.workshops.create,
    body: () => workshopInput(),
    expect: ADMIN_CREATE,
  },
  {
    name: 'workshop update',
    method: 'PUT',
    url: () => API.workshops.update(ids.workshop!),
    body: () => workshopInput(),
    expect: ADMIN_READ,
  },
  {
    name: 'workshop delete',
    method: 'DELETE',
    url: () => API.workshops.remove(ids.doomedWorkshop!),
    expect: ADMIN_DELETE,
  },
  { name: 'faculty list', method: 'GET', url: () => API.faculty.list, expect: PUBLIC },
  { name: 'faculty create', method: 'POST', url: () => API.faculty.create, body: () => faculty, expect: ADMIN_CREATE },
  {
    name: 'faculty update',
    method: 'PUT',
    url: () => API.faculty.update(ids.faculty!),
    body: () => faculty,
    expect: ADMIN_READ,
  },
  { name: 'faculty delete', method: 'DELETE', url: () => API.faculty.remove(ids.doomedFaculty!), expect: ADMIN_DELETE },
  { name: 'testimonial list', method: 'GET', url: () => API.testimonials.list, expect: PUBLIC },
  {
    name: 'testimonial create',
    method: 'POST',
    url: () => API.testimonials.create,
    body: () => ({ title: 'T' }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'testimonial update',
    method: 'PUT',
    url: () => API.testimonials.update(ids.testimonial!),
    body: () => ({ title: 'T2' }),
    expect: ADMIN_READ,
  },
  {
    name: 'testimonial delete',
    method: 'DELETE',
    url: () => API.testimonials.remove(ids.doomedTestimonial!),
    expect: ADMIN_DELETE,
  },
  { name: 'story list', method: 'GET', url: () => API.successStories.list, expect: PUBLIC },
  { name: 'story office list', method: 'GET', url: () => STORY_PATHS.adminList, expect: ADMIN_READ },
  // Only the story's student ("other" here) reads and gives consent; the office gets 404 (decision 079).
  {
    name: 'my stories',
    method: 'GET',
    url: () => STORY_PATHS.mine,
    expect: { anonymous: 401, student: 200, other: 200, admin: 200 },
  },
  {
    name: 'story consent',
    method: 'PUT',
    url: () => STORY_PATHS.consent(ids.story!),
    body: () => ({ name: false, photo: false, company: true, ctc: false }),
    expect: { anonymous: 401, student: 404, other: 200, admin: 404 },
  },
  {
    name: 'story create',
    method: 'POST',
    url: () => API.successStories.create,
    body: () => ({ student_name: 'S', offer_id: ids.offer! }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'story update',
    method: 'PUT',
    url: () => API.successStories.update(ids.story!),
    body: () => ({ student_name: 'S2', offer_id: ids.offer! }),
    expect: ADMIN_READ,
  },
  {
    name: 'story delete',
    method: 'DELETE',
    url: () => API.successStories.remove(ids.doomedStory!),
    expect: ADMIN_DELETE,
  },
  { name: 'resource list', method: 'GET', url: () => API.resources.list, expect: PUBLIC },
  {
    name: 'resource create',
    method: 'POST',
    url: () => API.resources.create,
    body: () => ({ title: 'R' }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'resource update',
    method: 'PUT',
    url: () => API.resources.update(ids.resource!),
    body: () => ({ title: 'R2' }),
    expect: ADMIN_READ,
  },
  // The matrix sends JSON: an administrator passes the door and is asked for multipart (415).
  {
    name: 'resource file upload',
    method: 'POST',
    url: () => API.resources.file(ids.resource!),
    body: () => ({}),
    expect: { anonymous: 401, student: 403, other: 403, admin: 415 },
  },
  {
    name: 'resource file remove',
    method: 'DELETE',
    url: () => API.resources.file(ids.resource!),
    expect: ADMIN_DELETE,
  },
  {
    name: 'resource delete',
    method: 'DELETE',
    url: () => API.resources.remove(ids.doomedResource!),
    expect: ADMIN_DELETE,
  },
];
