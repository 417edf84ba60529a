import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Instalment plans (decision record 054): a program's plans (a name and a schedule of amounts in whole
 * rupees with days after enrollment), each enrollment's instalments (its scheduled dues, copied from the
 * plan when the first one is paid), the once-only reminder markers, and on payments the plan chosen at
 * checkout (`plan_id`) and the instalment a payment pays (`instalment_id`). An instalment's payment may be
 * pending beside another one of the same course, so the "one pending payment per course" index now leaves
 * instalment payments to their own index (one payment per instalment). Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function table(db: Db, name: string): CreateTableBuilder<string, 'id'> {
  const builder = db.schema.createTable(name);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await table(db, 'instalment_plans')
    .addColumn('program_id', 'integer', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // JSON: [{ "amount": rupees, "due_after_days": days }], the first due after 0 days.
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('instalment_plans_program').on('instalment_plans').column('program_id').execute();

  await table(db, 'instalments')
    .addColumn('enrollment_id', 'integer', (c) => c.notNull().references('enrollments.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('instalment_plans.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('due_on', 'varchar(10)', (c) => c.notNull())
    // due, paid or cancelled (a refund closes the open ones); overdue is a due one past its date.
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    // Set by the housekeeping pass when the grace days ran out; paying clears the suspension.
    .addColumn('suspended_at', 'varchar(32)')
    // Its share of a coupon's or scholarship's discount on the plan's total (paise), and the code printed.
    .addColumn('discount_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_code', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('instalments_number', ['enrollment_id', 'number'])
    .addCheckConstraint('instalments_amount', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('instalments_status').on('instalments').columns(['status', 'due_on']).execute();

  await db.schema
    .createTable('instalment_reminders')
    .addColumn('instalment_id', 'integer', (c) => c.notNull().references('instalments.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('instalment_reminders_pk', ['instalment_id', 'kind'])
    .execute();

  await db.schema
    .alterTable('payments')
    .addColumn('plan_id', 'integer', (c) => c.references('instalment_plans.id'))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('instalment_id', 'integer', (c) => c.references('instalments.id'))
    .execute();
  await db.schema.dropIndex('payments_one_pending').execute();
  await db.schema
    .createIndex('payments_one_pending')
    .on('payments')
    .columns(['student_id', 'course_type', 'course_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .where(sql.ref('instalment_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('payments_one_per_instalment')
    .on('payments')
    .column('instalment_id')
    .unique()
    .where(sql.ref('instalment_id'), 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('payments_one_per_instalment').execute();
  await db.schema.dropIndex('payments_one_pending').execute();
  await db.schema
    .createIndex('payments_one_pending')
    .on('payments')
    .columns(['student_id', 'course_type', 'course_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.alterTable('payments').dropColumn('instalment_id').execute();
  await db.schema.alterTable('payments').dropColumn('plan_id').execute();
  for (const name of ['instalment_reminders', 'instalments', 'instalment_plans']) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
