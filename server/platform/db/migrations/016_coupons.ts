import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Coupons and scholarships (decision record 053). A coupon has a code (unique without regard to case:
 * `code_key` is the code in lower case, under a unique index, on SQLite and PostgreSQL alike); a
 * scholarship is a coupon without a code for one student (`student_id`) and one course. The courses a
 * coupon applies to are a JSON array of {course_type, course} (empty: every course). `value` is a whole
 * percentage or, for a fixed coupon, paise; `min_amount_paise` the smallest list price it applies to.
 *
 * A payment records the discount it was quoted (`coupon_id`, the code as printed, `discount_paise`). A
 * coupon's uses are its payments that are pending, completed or refunded: a payment holds its use while
 * pending, and a payment that fails or is cancelled releases it by that very status change.
 * Frozen: change with a new migration.
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
  await table(db, 'coupons')
    .addColumn('code', 'varchar(40)')
    .addColumn('code_key', 'varchar(40)', (c) => c.unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('courses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('starts_at', 'varchar(32)')
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_student', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_amount_paise', 'integer')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('student_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupons_student').on('coupons').column('student_id').execute();

  await db.schema
    .alterTable('payments')
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .execute();
  await db.schema.alterTable('payments').addColumn('coupon_code', 'varchar(40)').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('discount_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_coupon').on('payments').columns(['coupon_id', 'status']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('payments_coupon').execute();
  await db.schema.alterTable('payments').dropColumn('discount_paise').execute();
  await db.schema.alterTable('payments').dropColumn('coupon_code').execute();
  await db.schema.alterTable('payments').dropColumn('coupon_id').execute();
  await db.schema.dropTable('coupons').execute();
}
