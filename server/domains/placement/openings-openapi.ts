import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { Pdf, type Operation } from '../../platform/openapi-operation.ts';

/** Placement openings and applications (decision record 078). */

export const OPENINGS_NAMED: Record<string, z.ZodType> = {
  Opening: C.Opening,
  StudentOpening: C.StudentOpening,
  Application: C.Application,
  OpeningInput: C.OpeningInput,
  ApplicationInput: C.ApplicationInput,
  StageInput: C.StageInput,
};

const P = C.OPENING_PATHS;
const tag = 'Placement';

export const OPENINGS_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: P.studentOpenings,
    summary:
      "The open openings of the caller's programs and batches (deadline not passed), each with the caller's application or null",
    tag,
    access: 'user',
    responses: { 200: z.array(C.StudentOpening) },
  },
  {
    method: 'post',
    path: P.apply(),
    summary:
      'Apply to an opening (once; 404 when it is not open to your batches, 400 when closed; emailed): multipart, cover_note and a résumé in `resume` (a PDF read from its bytes, UPLOAD_MAX_BYTES: 400 another type, 413 larger), or JSON without a résumé',
    tag,
    access: 'user',
    body: C.ApplicationInput,
    upload: { file: 'resume', required: true, fields: C.ApplicationInput },
    responses: { 201: C.Application },
    errors: [400, 404, 409, 413],
  },
  {
    method: 'get',
    path: P.resume(),
    summary: "Your own application's résumé (404 for anyone else's, or none)",
    tag,
    access: 'user',
    responses: { 200: Pdf },
    errors: [404],
  },
  {
    method: 'get',
    path: P.studentApplications,
    summary: "The caller's applications with their stages",
    tag,
    access: 'user',
    responses: { 200: z.array(C.Application) },
  },
  {
    method: 'post',
    path: P.withdraw(),
    summary: 'Withdraw your own application while it is in progress (applied, shortlisted, interview scheduled)',
    tag,
    access: 'user',
    responses: { 200: C.Application },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: P.openings,
    summary: 'Every opening (?status=open|closed), with its number of applications',
    tag,
    access: 'admin',
    responses: { 200: z.array(C.Opening) },
  },
  {
    method: 'post',
    path: P.openings,
    summary: 'Post an opening for programs or batches (the wording rule applies; audited)',
    tag,
    access: 'admin',
    body: C.OpeningInput,
    responses: { 201: C.Opening },
    errors: [400],
  },
  {
    method: 'put',
    path: P.opening(),
    summary: 'Change an opening, or close it (audited)',
    tag,
    access: 'admin',
    body: C.OpeningInput,
    responses: { 200: C.Opening },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: P.opening(),
    summary: 'Delete an opening without applications (close one that has them)',
    tag,
    access: 'admin',
    responses: { 204: null },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: P.openingApplications(),
    summary: "An opening's applications",
    tag,
    access: 'admin',
    responses: { 200: z.array(C.Application) },
    errors: [404],
  },
  {
    method: 'post',
    path: P.stage(),
    summary:
      'Move an application to a stage (an interview needs its date and mode; a withdrawn one moves no more); the student is emailed; audited',
    tag,
    access: 'admin',
    body: C.StageInput,
    responses: { 200: C.Application },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: P.officeResume(),
    summary: "An application's résumé (step-up: a file of personal data)",
    tag,
    access: 'admin',
    responses: { 200: Pdf },
    errors: [404],
  },
];
