import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { Empty, type Operation } from '../../platform/openapi-operation.ts';

/** Success stories on verified offers, published with the student's consent per item (decision record 079). */

export const STORIES_NAMED: Record<string, z.ZodType> = {
  StoryCourse: C.StoryCourse,
  AdminSuccessStory: C.AdminSuccessStory,
  StudentStory: C.StudentStory,
  StoryConsentInput: C.StoryConsentInput,
};

const API = C.API.successStories;
const P = C.STORY_PATHS;
const tag = 'Success stories';
const Photo = z.string().describe('JPEG, PNG or WebP image');

export const STORIES_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: API.list,
    summary:
      'Published stories (?featured=true): on verified offers whose student consented; only the consented items (name, photo, company, CTC) are in the answer, the course (title, duration, paid and fee, batch) always',
    tag,
    access: 'public',
    query: C.FeaturedListQuery,
    responses: { 200: z.array(C.PublicSuccessStory) },
  },
  {
    method: 'get',
    path: P.adminList,
    summary: 'Every story with the offer it tells and whether it is published (admin)',
    tag,
    access: 'admin',
    responses: { 200: z.array(C.AdminSuccessStory) },
  },
  {
    method: 'post',
    path: API.create,
    summary:
      'Create a story on a verified offer (admin; 400 at offer_id for a claimed or rejected offer); company, designation and CTC come from the offer',
    tag,
    access: 'admin',
    body: C.SuccessStoryInput,
    responses: { 201: C.AdminSuccessStory },
    errors: [400],
  },
  {
    method: 'put',
    path: API.update(),
    summary: "Update a story (admin); a change of its text, name, photo or offer needs the student's consent again",
    tag,
    access: 'admin',
    body: C.SuccessStoryInput,
    responses: { 200: C.AdminSuccessStory },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: API.remove(),
    summary: 'Delete a story (admin)',
    tag,
    access: 'admin',
    responses: { 204: Empty },
    errors: [404],
  },
  {
    method: 'put',
    path: P.adminPhoto(),
    summary:
      "Upload or replace a story's photo (admin): multipart `photo`, a JPEG, PNG or WebP read from its bytes (400 another type, 413 larger than UPLOAD_MAX_BYTES, 415 not multipart); published only with the student's consent to the photo, which is asked again; audited",
    tag,
    access: 'admin',
    upload: { file: 'photo', required: true },
    responses: { 200: C.AdminSuccessStory },
    errors: [400, 404, 413, 415],
  },
  {
    method: 'get',
    path: P.photo(),
    summary:
      "A story's uploaded photo: to anyone while its student consents to the photo (checked per request), or with the `preview` token of the student's own stories (an hour); 404 otherwise",
    tag,
    access: 'public',
    query: z.object({ v: z.string().optional(), preview: z.string().optional() }),
    responses: { 200: Photo },
    errors: [404],
  },
  {
    method: 'get',
    path: P.mine,
    summary:
      "The stories about the caller: each as it would appear with every item (an uploaded photo by an address signed for the caller, an hour), each item's consent, the offer date",
    tag,
    access: 'user',
    responses: { 200: z.array(C.StudentStory) },
  },
  {
    method: 'put',
    path: P.consent(),
    summary:
      "Give or change the caller's written consent, item by item (all false withdraws it; recorded with the consent records and audited). Only the story's student: anyone else, administrators included, gets 404; 400 before the offer date",
    tag,
    access: 'user',
    body: C.StoryConsentInput,
    responses: { 200: C.StudentStory },
    errors: [400, 404],
  },
];
