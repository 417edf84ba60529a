import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './connect.ts';
import { containsPattern } from './search.ts';

/**
 * Which part of a search term the trigram index reads (decision record 059). A GIN index answers
 * `LIKE '%term%'` by reading the list of rows of every trigram of the term, and a trigram nearly every row
 * has (`stu`, `ent` of `student…@example.in`, `gma` and `com` of real addresses) costs as much as reading
 * the table: 2.4 ms for `student48213` at 100,000 students, of which `48213` alone is 0.14 ms. So the index
 * reads the part of the term with the rarest trigrams (by their share of a sample of students), and
 * `strpos` checks the whole term on the rows it returns: the same rows, since every row containing the
 * term contains its part. The sample only chooses the part: a stale one costs time, never a row.
 */

const SAMPLE = 2_000;
const SAMPLE_LIFETIME_MS = 10 * 60_000;

/** The runs of letters and digits of a text (pg_trgm's words: it keeps only those). */
const runs = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
const trigrams = (run: string) => Array.from({ length: Math.max(0, run.length - 2) }, (_, i) => run.slice(i, i + 3));

/** Each trigram's share of the sampled texts that have it inside a word. */
export function trigramShares(texts: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const gram of new Set(runs(text).flatMap(trigrams))) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  const n = Math.max(1, texts.length);
  return new Map([...counts].map(([gram, count]) => [gram, count / n]));
}

/**
 * The substring of `term` (lower case) for the index to read: of every substring of three or more letters
 * and digits, the one whose trigram lists are shortest together, with each row it would let through (the
 * product of its trigrams' shares, as if independent) costed at four list entries, since that row is read
 * and checked. Null when the term has no such substring.
 */
export function indexedPart(term: string, shares: Map<string, number>, sampled: number): string | null {
  const unseen = 1 / (2 * Math.max(1, sampled));
  let best: { part: string; cost: number } | null = null;
  for (const run of runs(term)) {
    for (let start = 0; start + 3 <= run.length; start++) {
      for (let end = start + 3; end <= run.length; end++) {
        const part = run.slice(start, end);
        const grams = trigrams(part).map((g) => shares.get(g) ?? unseen);
        const rows = Math.max(
          unseen,
          grams.reduce((a, b) => a * b, 1),
        );
        const cost = grams.reduce((a, b) => a + b, 0) + 4 * rows;
        if (
          !best ||
          cost < best.cost - 1e-12 ||
          (Math.abs(cost - best.cost) <= 1e-12 && part.length > best.part.length)
        )
          best = { part, cost };
      }
    }
  }
  return best?.part ?? null;
}

/**
 * The sampled students' texts, their trigram shares, and how many students the sample stands for; with
 * the texts of those who have any payment, and of those who have any enrollment.
 */
type Sample = {
  texts: string[];
  paid: string[];
  enrolled: string[];
  shares: Map<string, number>;
  size: number;
  population: number;
  at: number;
  /** `estimatedStudents`' answers for this sample, by list and term (at most 1,000 kept). */
  estimates: Map<string, number>;
};
const samples = new WeakMap<Db, { current?: Sample; loading?: Promise<Sample> }>();

async function loadSample(db: Db): Promise<Sample> {
  const students = sql`(select reltuples from pg_class where oid = 'users'::regclass)`;
  const { rows } = await sql<{ search_text: string; students: number; paid: boolean; enrolled: boolean }>`
    select search_text, ${students} as students, payment_count > 0 as paid, enrollment_count > 0 as enrolled
      from users tablesample bernoulli (${sql.lit(100)} * least(1, ${SAMPLE}::float8 / greatest(1, ${students})))
      limit ${SAMPLE}`.execute(db);
  const texts = rows.map((r) => r.search_text);
  // reltuples is -1 before the table's first analyze: then the sample is all there is to go by.
  const population = Math.max(texts.length, Number(rows[0]?.students ?? 0));
  return {
    texts,
    paid: rows.filter((r) => r.paid).map((r) => r.search_text),
    enrolled: rows.filter((r) => r.enrolled).map((r) => r.search_text),
    shares: trigramShares(texts),
    size: texts.length,
    population,
    at: Date.now(),
    estimates: new Map(),
  };
}

/** The sample of this database's students, loaded once and renewed in the background every ten minutes. */
async function sampleOf(db: Db): Promise<Sample> {
  let entry = samples.get(db);
  if (!entry) samples.set(db, (entry = {}));
  const state = entry;
  const renew = () =>
    (state.loading ??= loadSample(db)
      .then((sample) => (state.current = sample))
      .finally(() => (state.loading = undefined)));
  if (!state.current) return renew();
  if (Date.now() - state.current.at > SAMPLE_LIFETIME_MS) void renew().catch(() => {});
  return state.current;
}

/**
 * `table`'s user matches the search text: on PostgreSQL the index reads the term's rarest part and
 * `strpos` checks the whole of it; on SQLite (no trigram index) a LIKE reads every row.
 */
export async function userSearch(db: Db, table: string, text: string): Promise<Expression<SqlBool>> {
  const column = sql.ref(`${table}.search_text`);
  const whole = sql<SqlBool>`${column} like ${containsPattern(text)} escape '\\'`;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return whole;
  const term = text.toLowerCase();
  const sample = await sampleOf(db);
  const part = indexedPart(term, sample.shares, sample.size);
  if (!part || part === term) return whole;
  return sql<SqlBool>`${column} like ${containsPattern(part)} escape '\\' and strpos(${column}, ${term}) > 0`;
}

/**
 * About how many students contain `term` (lower case): the share of the sampled texts containing it among
 * `of` (all the sampled texts, or those of the students with a payment, say), times the students the
 * sample stands for. An estimate, for choosing how to run a search, never for what it answers.
 */
export function expectedMatches(term: string, sample: { texts: string[]; population: number }, of = sample.texts) {
  if (!sample.texts.length) return 0;
  const hits = of.filter((text) => text.includes(term)).length;
  return (hits / sample.texts.length) * sample.population;
}

/**
 * About how many students with any payment (or enrollment) contain the search text, and what share of all
 * students that is, from the sample (PostgreSQL; null on SQLite).
 */
export async function estimatedStudents(
  db: Db,
  text: string,
  entity: 'payment' | 'enrollment',
): Promise<{ students: number; share: number } | null> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return null;
  const sample = await sampleOf(db);
  // Each search of a list asks again: the 2,000 texts are read once per term and sample, not per request.
  const key = `${entity} ${text.toLowerCase()}`;
  let students = sample.estimates.get(key);
  if (students === undefined) {
    students = expectedMatches(text.toLowerCase(), sample, entity === 'payment' ? sample.paid : sample.enrolled);
    if (sample.estimates.size >= 1_000) sample.estimates.clear();
    sample.estimates.set(key, students);
  }
  return { students, share: students / Math.max(1, sample.population) };
}
