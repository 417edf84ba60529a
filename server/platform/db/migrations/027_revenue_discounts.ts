import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Revenue's net is gross less discounts less refunds (decision record 066), and the stats tile reads it
 * from the kept totals: `revenue_totals` (migration 010) gains `discount_paise`, the discounts of the
 * payments it counts, kept by the payments' revenue triggers in the transaction of the payment's change.
 * The triggers of 010 are replaced by the same ones with the discount added (and `discount_paise` watched);
 * the refunds' triggers are unchanged. Backfills the discounts of the payments already counted. Frozen:
 * change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const PAYMENT_COUNTS = (row: 'NEW' | 'OLD') =>
  `(${row}.status IN ('completed', 'refunded') AND ${row}.completed_at IS NOT NULL)`;
const WATCHED = ['status', 'completed_at', 'amount', 'course_type', 'course_id', 'discount_paise'];

function istDay(postgres: boolean, column: string): string {
  return postgres
    ? `to_char((${column}::timestamptz at time zone 'Asia/Kolkata'), 'YYYY-MM-DD')`
    : `strftime('%Y-%m-%d', ${column}, '+330 minutes')`;
}

/**
 * One payment's contribution to its day, month and all-time rows (that order, as 010's); `discount`
 * false: 010's contribution (no discount column), for the way down.
 */
function contribution(postgres: boolean, row: 'NEW' | 'OLD', sign: '' | '-', discount: boolean): string {
  const day = istDay(postgres, `${row}.completed_at`);
  const periods: [string, string][] = [
    ['day', day],
    ['month', `substr(${day}, 1, 7)`],
    ['all', `''`],
  ];
  return periods
    .map(
      ([grain, period]) =>
        `INSERT INTO revenue_totals (grain, period, course_type, course_id, payments, gross, refunded${discount ? ', discount_paise' : ''})
  SELECT '${grain}', ${period}, ${row}.course_type, ${row}.course_id, ${sign}1, ${sign}${row}.amount, 0${discount ? `, ${sign}${row}.discount_paise` : ''}
  WHERE ${PAYMENT_COUNTS(row)} ON CONFLICT (grain, period, course_type, course_id) DO UPDATE SET
  payments = revenue_totals.payments + excluded.payments,
  gross = revenue_totals.gross + excluded.gross,
  refunded = revenue_totals.refunded + excluded.refunded${discount ? ',\n  discount_paise = revenue_totals.discount_paise + excluded.discount_paise' : ''};`,
    )
    .join('\n');
}

function changed(distinct: string, watched: string[]): string {
  return `(${PAYMENT_COUNTS('OLD')} ${distinct} ${PAYMENT_COUNTS('NEW')}) OR (${PAYMENT_COUNTS('NEW')} AND (${watched
    .map((c) => `OLD.${c} ${distinct} NEW.${c}`)
    .join(' OR ')}))`;
}

async function dropPaymentTriggers(db: Db, postgres: boolean): Promise<void> {
  if (postgres) {
    await sql.raw('DROP TRIGGER IF EXISTS payments_revenue_insert_delete ON payments').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS payments_revenue_update ON payments').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS payments_revenue()').execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'update'])
      await sql.raw(`DROP TRIGGER IF EXISTS payments_revenue_${suffix}`).execute(db);
  }
}

async function createPaymentTriggers(db: Db, postgres: boolean, discount: boolean): Promise<void> {
  const watched = discount ? WATCHED : WATCHED.filter((c) => c !== 'discount_paise');
  const paymentChange = (p: boolean, row: 'NEW' | 'OLD', sign: '' | '-') => contribution(p, row, sign, discount);
  const changes = (distinct: string) => changed(distinct, watched);
  if (!postgres) {
    const run = (s: string) => sql.raw(s).execute(db);
    await run(
      `CREATE TRIGGER payments_revenue_insert AFTER INSERT ON payments BEGIN ${paymentChange(false, 'NEW', '')} END`,
    );
    await run(
      `CREATE TRIGGER payments_revenue_delete AFTER DELETE ON payments BEGIN ${paymentChange(false, 'OLD', '-')} END`,
    );
    await run(
      `CREATE TRIGGER payments_revenue_update AFTER UPDATE OF ${watched.join(', ')} ON payments
       WHEN ${changes('IS NOT')}
       BEGIN ${paymentChange(false, 'OLD', '-')} ${paymentChange(false, 'NEW', '')} END`,
    );
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION payments_revenue() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${paymentChange(true, 'OLD', '-')}
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    ${paymentChange(true, 'NEW', '')}
  END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER payments_revenue_insert_delete AFTER INSERT OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_revenue()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER payments_revenue_update AFTER UPDATE OF ${watched.join(', ')} ON payments FOR EACH ROW
       WHEN (${changes('IS DISTINCT FROM')}) EXECUTE FUNCTION payments_revenue()`,
    )
    .execute(db);
}

/** The discounts of the payments already counted, added to their rows (which exist: each counts there). */
async function backfill(db: Db, postgres: boolean): Promise<void> {
  const day = istDay(postgres, 'completed_at');
  const counted = `FROM payments WHERE status IN ('completed', 'refunded') AND completed_at IS NOT NULL AND discount_paise > 0`;
  for (const [grain, period] of [
    ['day', day],
    ['month', `substr(${day}, 1, 7)`],
    ['all', `''`],
  ]) {
    await sql
      .raw(
        `UPDATE revenue_totals SET discount_paise = d.discount FROM (
           SELECT ${period} AS period, course_type, course_id, sum(discount_paise) AS discount ${counted}
           GROUP BY ${period === `''` ? '' : `${period}, `}course_type, course_id) d
         WHERE revenue_totals.grain = '${grain}' AND revenue_totals.period = d.period
           AND revenue_totals.course_type = d.course_type AND revenue_totals.course_id = d.course_id`,
      )
      .execute(db);
  }
}

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('revenue_totals')
    .addColumn('discount_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await dropPaymentTriggers(db, postgres);
  await createPaymentTriggers(db, postgres, true);
  await backfill(db, postgres);
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropPaymentTriggers(db, postgres);
  await db.schema.alterTable('revenue_totals').dropColumn('discount_paise').execute();
  await createPaymentTriggers(db, postgres, false);
}
