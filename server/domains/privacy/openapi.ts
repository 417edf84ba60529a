import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** Data protection (decision record 046): policies, consents, the data export, erasure, incidents. */

export const PRIVACY_NAMED: Record<string, z.ZodType> = {
  Policy: C.Policy,
  ConsentState: C.ConsentState,
  ConsentChangeInput: C.ConsentChangeInput,
  ErasureRequestInput: C.ErasureRequestInput,
  PrivacyRequest: C.PrivacyRequest,
  PrivacyRequestAction: C.PrivacyRequestAction,
  IncidentInput: C.IncidentInput,
  Incident: C.Incident,
};

const P = C.PRIVACY_PATHS;

export const PRIVACY_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: P.policy(),
    summary: 'A policy page (privacy, terms, refund-policy, delivery-policy, grievance) rendered from its Markdown',
    tag: 'Data protection',
    access: 'public',
    responses: { 200: C.Policy },
    errors: [404],
  },
  {
    method: 'get',
    path: P.consents,
    summary: "The caller's consents: each optional purpose's live state and the whole history",
    tag: 'Data protection',
    access: 'user',
    responses: { 200: C.ConsentState },
  },
  {
    method: 'post',
    path: P.consents,
    summary: 'Give or withdraw one purpose (marketing_email, whatsapp, sms); answers the new state',
    tag: 'Data protection',
    access: 'user',
    body: C.ConsentChangeInput,
    responses: { 200: C.ConsentState },
    errors: [400],
  },
  {
    method: 'get',
    path: P.dataExport,
    summary:
      "A zip of the caller's personal data, JSON and CSV per kind of record, with a README (429 over DATA_EXPORT_MAX_PER_HOUR)",
    tag: 'Data protection',
    access: 'user',
    responses: { 200: 'file' },
    errors: [429],
  },
  {
    method: 'post',
    path: P.erasureRequest,
    summary:
      'Ask for erasure, confirmed with the password (403 when wrong); due 90 days after receipt (429 over ERASURE_REQUEST_MAX_PER_DAY)',
    tag: 'Data protection',
    access: 'user',
    body: C.ErasureRequestInput,
    responses: { 201: C.PrivacyRequest },
    errors: [400, 403, 429],
  },
  {
    method: 'post',
    path: P.guardianConfirm,
    summary: "A parent's or guardian's confirmation of a minor's account (the emailed link's token; once)",
    tag: 'Data protection',
    access: 'public',
    body: C.GuardianConfirmInput,
    responses: { 200: z.object({ detail: z.string() }) },
    errors: [400],
  },
  {
    method: 'get',
    path: P.adminRequests,
    summary: 'Privacy requests, oldest first',
    tag: 'Data protection',
    access: 'admin',
    responses: { 200: z.array(C.PrivacyRequest) },
  },
  {
    method: 'post',
    path: P.adminRequest(),
    summary:
      'Move a request on: verify; complete (erases the person); refuse with a reason. Audited; the person is emailed',
    tag: 'Data protection',
    access: 'admin',
    body: C.PrivacyRequestAction,
    responses: { 200: C.PrivacyRequest },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: P.adminIncidents,
    summary: 'Breach incidents, latest first, each with the 72-hour deadline of the Board report',
    tag: 'Data protection',
    access: 'admin',
    responses: { 200: z.array(C.Incident) },
  },
  {
    method: 'post',
    path: P.adminIncidents,
    summary: 'Record a breach incident (audited)',
    tag: 'Data protection',
    access: 'admin',
    body: C.IncidentInput,
    responses: { 201: C.Incident },
    errors: [400],
  },
  {
    method: 'post',
    path: P.adminIncidentNotify(),
    summary: 'Send the incident notice to the affected people through the outbox, once (audited)',
    tag: 'Data protection',
    access: 'admin',
    responses: { 200: C.Incident },
    errors: [400, 404],
  },
];
