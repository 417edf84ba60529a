import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { crud, Empty, type Operation } from '../../platform/openapi-operation.ts';
import { STORIES_OPERATIONS } from './stories-openapi.ts';

/** The catalogue: programs, faculty, testimonials, success stories, resources and workshops (public reads, admin writes), and starting a payment for a course. */

export const CATALOGUE_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: C.API.programs.list,
    summary: 'Active programs (include_inactive=true: all, admins only)',
    tag: 'Programs',
    access: 'optional',
    query: C.ProgramListQuery,
    responses: { 200: z.array(C.Program) },
    errors: [400],
  },
  {
    method: 'get',
    path: C.API.programs.detail(),
    summary: 'One program, with its active instalment plans',
    tag: 'Programs',
    access: 'optional',
    responses: { 200: C.ProgramDetail },
    errors: [404],
  },
  {
    method: 'post',
    path: C.API.programs.create,
    summary: 'Create (admin)',
    tag: 'Programs',
    access: 'admin',
    body: C.ProgramInput,
    responses: { 201: C.Program },
    errors: [400],
  },
  {
    method: 'put',
    path: C.API.programs.update(),
    summary: 'Update (admin)',
    tag: 'Programs',
    access: 'admin',
    body: C.ProgramInput,
    responses: { 200: C.Program },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: C.API.programs.remove(),
    summary: 'Delete, or archive when it has payments or enrollments (admin)',
    tag: 'Programs',
    access: 'admin',
    responses: { 204: Empty },
    errors: [404],
  },
  {
    method: 'post',
    path: C.API.programs.payment(),
    summary: 'Start a payment (pending; an existing pending one is answered with 200)',
    tag: 'Payments',
    access: 'user',
    body: C.PaymentStartInput,
    bodyOptional: true,
    responses: { 201: C.PaymentStart, 200: C.PaymentStart },
    errors: [400, 404, 503],
  },

  ...crud('Faculty', C.API.faculty, C.Faculty, C.FacultyInput, C.FeaturedListQuery),
  ...crud('Testimonials', C.API.testimonials, C.Testimonial, C.TestimonialInput, C.FeaturedListQuery),
  ...STORIES_OPERATIONS,
  ...crud('Resources', C.API.resources, C.Resource, C.ResourceInput, C.ResourceListQuery),
  ...crud('Workshops', C.API.workshops, C.Workshop, C.WorkshopInput, C.WorkshopListQuery),
  {
    method: 'get',
    path: C.API.workshops.detail(),
    summary: 'One workshop',
    tag: 'Workshops',
    access: 'optional',
    responses: { 200: C.Workshop },
    errors: [404],
  },
  {
    method: 'post',
    path: C.API.workshops.payment(),
    summary: 'Start a payment; a free workshop enrolls at once (completed, amount 0)',
    tag: 'Payments',
    access: 'user',
    body: C.PaymentStartInput,
    bodyOptional: true,
    responses: { 201: C.PaymentStart, 200: C.PaymentStart },
    errors: [400, 404, 503],
  },
];
