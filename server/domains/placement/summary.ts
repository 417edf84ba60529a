import type { PlacementFigures, PlacementSummary } from '../../../contract/placement.ts';
import { PLACEMENT_PAGES } from '../../../contract/placement-paths.ts';
import { istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';
import { figuresOf, type StudentFact, type VerifiedOffer } from './figures.ts';
import { placementRepository } from './repository.ts';

type Group = { students: StudentFact[]; offers: VerifiedOffer[] };
const group = (): Group => ({ students: [], offers: [] });
const figures = (g: Group): PlacementFigures => figuresOf(g.students, g.offers);

/** The IST day after `date` (YYYY-MM-DD): a batch ending on `date` is reported from then. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The IST day of the latest change among what the figures count: a verified offer of a reported batch, a
 * counted graduate's opt-out or return (migration 041) or certificate, a reported batch's end (the day after
 * it, when it enters the figures), and an employer the hiring partners name. A claimed or rejected offer, or a
 * change in a batch still running, moves no figure and so not the day (decision records 070 and 078).
 */
function asOf(times: (string | null | undefined)[], days: string[]): string | null {
  const all = [...times.flatMap((t) => (t ? [istToday(new Date(t))] : [])), ...days];
  return all.length ? all.sort().at(-1)! : null;
}

/**
 * The public placement figures (decision record 070), computed from the record on every call: the
 * graduates of every program batch that has ended, and the verified offers only. A claimed or rejected
 * offer counts nowhere. Figures per batch, per program and overall; `as_of` is the IST day of the latest
 * change of what they count, so a page says how current its figures are.
 */
export async function placementSummary(db: Db, now = new Date()): Promise<PlacementSummary> {
  const repo = placementRepository(db);
  const [rows, offers, employers, verifiedByEmployer] = await Promise.all([
    repo.endedBatchEnrollments(istToday(now)),
    repo.verifiedOffers(),
    repo.employers(),
    repo.verifiedOffersByEmployer(),
  ]);
  const changes: (string | null | undefined)[] = [];

  const overall = group();
  const programs = new Map<
    number,
    { title: string; all: Group; batches: Map<number, Group & { name: string; ends_on: string }> }
  >();
  const batchOf = new Map<number, { program: number }>();
  for (const r of rows) {
    const fact: StudentFact = {
      key: `${r.batch_id}:${r.student_id}`,
      completed: r.status === 'completed' || r.certificate_id !== null,
      optedOut: r.placement_opt_out === 1,
    };
    let program = programs.get(r.program_id);
    if (!program) programs.set(r.program_id, (program = { title: r.program_title, all: group(), batches: new Map() }));
    let batch = program.batches.get(r.batch_id);
    if (!batch) program.batches.set(r.batch_id, (batch = { ...group(), name: r.batch_name, ends_on: r.ends_on }));
    batchOf.set(r.batch_id, { program: r.program_id });
    for (const g of [overall, program.all, batch]) g.students.push(fact);
    if (fact.completed) changes.push(r.placement_opt_out_at, r.certificate_issued_at);
  }
  for (const o of offers) {
    const at = batchOf.get(o.batch_id);
    if (!at) continue; // a batch that has not ended (or is not a program's) is not reported yet
    changes.push(o.updated_at);
    const offer: VerifiedOffer = { key: `${o.batch_id}:${o.student_id}`, employer: o.employer_id, ctc: o.annual_ctc };
    const program = programs.get(at.program)!;
    for (const g of [overall, program.all, program.batches.get(o.batch_id)!]) g.offers.push(offer);
  }

  const years = rows.map((r) => Number(r.ends_on.slice(0, 4)));
  const counts = new Map(verifiedByEmployer.map((c) => [c.employer_id, Number(c.n)]));
  const partners = employers.filter((e) => (counts.get(e.id) ?? 0) > 0 || e.is_partner === 1);
  changes.push(...partners.map((e) => e.updated_at));
  return {
    as_of: asOf(changes, [...new Set(rows.map((r) => dayAfter(r.ends_on)))]),
    batches_from: years.length ? Math.min(...years) : null,
    batches_to: years.length ? Math.max(...years) : null,
    methodology_url: PLACEMENT_PAGES.methodology,
    overall: figures(overall),
    programs: [...programs.entries()]
      .sort((a, b) => a[1].title.localeCompare(b[1].title))
      .map(([id, p]) => ({
        program: id,
        program_title: p.title,
        ...figures(p.all),
        batches: [...p.batches.entries()]
          .sort((a, b) => a[1].ends_on.localeCompare(b[1].ends_on))
          .map(([batchId, b]) => ({ batch: batchId, batch_name: b.name, ends_on: b.ends_on, ...figures(b) })),
      })),
    partners: partners
      .map((e) => ({ name: e.name, sector: e.sector, verified_offers: counts.get(e.id) ?? 0 }))
      .sort((a, b) => b.verified_offers - a.verified_offers || a.name.localeCompare(b.name)),
  };
}
