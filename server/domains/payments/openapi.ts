import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { type Operation, Pdf, WebhookAnswer } from '../../platform/openapi-operation.ts';

/** The caller's payments (complete, verify the checkout's proof, tax documents), the gateway's webhook, and enrollments. */

export const PAYMENTS_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: C.API.payments.list,
    summary: "The caller's payments",
    tag: 'Payments',
    access: 'user',
    responses: { 200: z.array(C.StudentPayment) },
  },
  {
    method: 'post',
    path: C.API.payments.complete(),
    summary: "Complete the caller's pending payment when the gateway reports it captured in full (idempotent)",
    tag: 'Payments',
    access: 'user',
    responses: { 200: C.PaymentCompletion },
    errors: [400, 404, 503],
  },
  {
    method: 'post',
    path: C.API.payments.verify(),
    summary: "Verify the checkout's signature (order_id|payment_id, HMAC-SHA256) and complete the payment",
    tag: 'Payments',
    access: 'user',
    body: C.PaymentVerifyInput,
    responses: { 200: C.PaymentCompletion },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: C.API.razorpayWebhook,
    summary: 'Razorpay webhook: X-Razorpay-Signature (HMAC-SHA256 of the raw body), X-Razorpay-Event-Id; no login',
    tag: 'Payments',
    access: 'public',
    responses: { 200: WebhookAnswer },
    errors: [400],
  },
  {
    method: 'get',
    path: C.API.payments.invoice(),
    summary: 'The tax invoice of a completed payment (PDF), to its student and administrators',
    tag: 'Payments',
    access: 'user',
    responses: { 200: Pdf },
    errors: [404],
  },
  {
    method: 'get',
    path: C.API.refunds.creditNote(),
    summary: 'The credit note of a refund (PDF), to its student and administrators',
    tag: 'Payments',
    access: 'user',
    responses: { 200: Pdf },
    errors: [404],
  },
  {
    method: 'get',
    path: C.API.enrollments.list,
    summary: "The caller's enrollments",
    tag: 'Payments',
    access: 'user',
    responses: { 200: z.array(C.StudentEnrollment) },
  },
];
