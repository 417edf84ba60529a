import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** Instalment plans (decision record 054): plans per program, schedules, instalment payments. */

export const INSTALMENT_NAMED: Record<string, z.ZodType> = {
  InstalmentPlan: C.InstalmentPlan,
  Instalment: C.Instalment,
  AdminInstalment: C.AdminInstalment,
  InstalmentPlanInput: C.InstalmentPlanInput,
  InstalmentPlanPatchInput: C.InstalmentPlanPatch,
  InstalmentMoveInput: C.InstalmentMoveInput,
  InstalmentRefundInput: C.InstalmentRefundInput,
};

const A = C.INSTALMENT_PATHS;
const op = (o: Operation): Operation => o;

export const INSTALMENT_OPERATIONS: Operation[] = [
  op({
    method: 'get',
    path: A.adminProgramPlans(),
    summary: "A program's instalment plans, active or not",
    tag: 'Instalments',
    access: 'admin',
    responses: { 200: z.array(C.InstalmentPlan) },
    errors: [404],
  }),
  op({
    method: 'post',
    path: A.adminProgramPlans(),
    summary: 'Create a plan: amounts in whole rupees, the first due after 0 days (audited)',
    tag: 'Instalments',
    access: 'admin',
    body: C.InstalmentPlanInput,
    responses: { 201: C.InstalmentPlan },
    errors: [400, 404],
  }),
  op({
    method: 'get',
    path: A.adminPlan(),
    summary: 'One plan',
    tag: 'Instalments',
    access: 'admin',
    responses: { 200: C.InstalmentPlan },
    errors: [404],
  }),
  op({
    method: 'patch',
    path: A.adminPlan(),
    summary: 'Change a plan (schedules already made keep their copy; audited)',
    tag: 'Instalments',
    access: 'admin',
    body: C.InstalmentPlanPatch,
    responses: { 200: C.InstalmentPlan },
    errors: [400, 404],
  }),
  op({
    method: 'delete',
    path: A.adminPlan(),
    summary: 'Delete a plan never chosen (one in use: 400, deactivate it instead)',
    tag: 'Instalments',
    access: 'admin',
    responses: { 204: null },
    errors: [400, 404],
  }),
  op({
    method: 'get',
    path: A.adminInstalments,
    summary: 'Every enrollment’s instalments, overdue first (?status=overdue|due|paid)',
    tag: 'Instalments',
    access: 'admin',
    query: C.InstalmentStatusFilter,
    responses: { 200: z.array(C.AdminInstalment) },
    errors: [400],
  }),
  op({
    method: 'patch',
    path: A.adminInstalment(),
    summary: 'Move a due date, with the reason (audited); a later date lifts a pause of access',
    tag: 'Instalments',
    access: 'admin',
    body: C.InstalmentMoveInput,
    responses: { 200: C.Instalment },
    errors: [400, 404],
  }),
  op({
    method: 'post',
    path: A.adminEnrollmentRefund(),
    summary:
      'Refund an enrollment paid in instalments: each paid instalment in full through the gateway (each its credit note), open dues cancelled (step-up, Idempotency-Key)',
    tag: 'Instalments',
    access: 'admin',
    body: C.InstalmentRefundInput,
    responses: { 200: z.array(C.Instalment) },
    errors: [400, 404, 503],
  }),
  op({
    method: 'get',
    path: A.enrollmentInstalments(),
    summary: 'An enrollment’s schedule (its student and administrators; others 404)',
    tag: 'Instalments',
    access: 'user',
    responses: { 200: z.array(C.Instalment) },
    errors: [404],
  }),
  op({
    method: 'post',
    path: A.instalmentPayment(),
    summary: 'Start (or answer the pending) payment of a due instalment, with its gateway order',
    tag: 'Instalments',
    access: 'user',
    responses: { 200: C.PaymentStart, 201: C.PaymentStart },
    errors: [400, 404, 503],
  }),
];
