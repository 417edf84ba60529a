import { sql } from 'kysely';

/**
 * What an enrollment or a payment answer shows besides its own row: the student and the course title.
 * Both queries join users under this name; one list keeps them alike.
 *
 * The course titles (and a payment's invoice number) are read by a subquery per answer row, not joined:
 * each table joined multiplies the orders PostgreSQL's planner weighs, and planning the admin list with
 * programs, workshops and invoices joined took 2.5 to 7 ms of every request, several times its running
 * (decision record 059). A subquery is planned once on its own and reads one row by its key.
 */
export function studentAndCourseColumns(table: 'payments' | 'enrollments') {
  const course = (kind: 'program' | 'workshop') => {
    const catalogue = kind === 'program' ? 'programs' : 'workshops';
    return sql<string | null>`(select ${sql.ref(`${catalogue}.title`)} from ${sql.table(catalogue)} where ${sql.ref(
      `${catalogue}.id`,
    )} = ${sql.ref(`${table}.course_id`)} and ${sql.ref(`${table}.course_type`)} = ${sql.lit(kind)})`;
  };
  return [
    'users.username as student_username',
    'users.first_name as student_first_name',
    'users.last_name as student_last_name',
    'users.email as student_email',
    course('program').as('program_title'),
    course('workshop').as('workshop_title'),
  ] as const;
}

/** A payment's invoice number (one invoice a payment, at most), read by its key. */
export const INVOICE_NUMBER = sql<
  string | null
>`(select invoice.number from tax_documents as invoice where invoice.payment_id = payments.id and invoice.kind = 'invoice')`.as(
  'invoice_number',
);

/**
 * What a payment paid besides its course (decision record 066): the instalment plan (chosen at checkout,
 * or its instalment's), and which instalment of its schedule it paid and of how many ("2 of 3": the
 * instalments made with it, one enrollment, plan and moment). Subqueries by key, as the titles, each run
 * only for a payment that has a plan or an instalment (a `case`): most payments have neither, and running
 * the four subqueries anyway was a third of a page's running time at a million payments (decision 087).
 */
const SCHEDULE_OF_PAID = sql`from instalments as place, instalments as paid
  where paid.id = payments.instalment_id and place.enrollment_id = paid.enrollment_id
  and place.plan_id = paid.plan_id and place.created_at = paid.created_at`;
export const PLAN_COLUMNS = [
  sql<string | null>`case when payments.instalment_id is not null or payments.plan_id is not null then coalesce(
    (select plan.name from instalment_plans as plan join instalments as paid on paid.plan_id = plan.id
      where paid.id = payments.instalment_id),
    (select plan.name from instalment_plans as plan where plan.id = payments.plan_id)) end`.as('plan_name'),
  sql<number | string | null>`case when payments.instalment_id is not null then
    (select count(*) ${SCHEDULE_OF_PAID} and place.number <= paid.number) end`.as('instalment_number'),
  sql<number | string | null>`case when payments.instalment_id is not null then
    (select count(*) ${SCHEDULE_OF_PAID}) end`.as('instalment_count'),
] as const;
