import type { Payment } from '../../../contract/index.ts';
import { paymentTotalPaise } from '../../../contract/money.ts';
import { bool, studentOf } from '../../platform/lib/answer-parts.ts';
import type { PaymentAnswerRow } from './repositories/payment-answers.ts';

/** A payment as the API answers it (its money in rupees as `amount`, and in paise as `*_paise`). */

export function toPayment(row: PaymentAnswerRow): Payment {
  const isProgram = row.course_type === 'program';
  return {
    id: row.id,
    course: row.course_id,
    course_type: row.course_type,
    status: row.status,
    amount: row.amount,
    refunded_amount: row.refunded_amount,
    refunded_paise: Number(row.refunded_paise),
    student: studentOf(row),
    program_title: isProgram ? (row.program_title ?? '') : null,
    workshop_title: isProgram ? null : (row.workshop_title ?? ''),
    payment_method: row.payment_method,
    created_at: row.created_at,
    completed_at: row.completed_at,
    failure_reason: row.failure_reason,
    admin_notes: row.admin_notes,
    is_urgent: bool(row.is_urgent),
    total_paise: paymentTotalPaise(row),
    discount_paise: Number(row.discount_paise),
    coupon_code: row.coupon_code,
    plan_name: row.plan_name,
    instalment_number: row.instalment_id === null ? null : Number(row.instalment_number),
    instalment_count: row.instalment_id === null ? null : Number(row.instalment_count),
    gateway_payment_id: row.gateway_payment_id,
    billing_state_code: row.billing_state_code,
    billing_gstin: row.billing_gstin,
    invoice_number: row.invoice_number,
  };
}
