import type { PlacementFigures } from '../../../contract/placement.ts';

/**
 * The IPRS figures of one group of students (decision record 070), from facts, never from typed text:
 * - completed: students of an ended batch whose enrollment completed (status completed, or a valid
 *   certificate);
 * - eligible: completed less those who opted out of placement (IPRS: "students seeking placement");
 * - placed: eligible students with at least one verified offer;
 * - the CTC figures over each placed student's highest verified offer (one figure per student: IPRS
 *   reports per student, and a student with two offers takes one job), median rather than average.
 */
/** One graduate of one batch: `key` is the batch and the student (a student of two batches counts in each). */
export type StudentFact = { key: string; completed: boolean; optedOut: boolean };
/** A verified offer, keyed like the graduate it was made to (its batch and student). */
export type VerifiedOffer = { key: string; employer: number; ctc: number };

/** The median of whole rupees, rounded to the rupee (the mean of the middle two for an even count). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export function figuresOf(students: StudentFact[], offers: VerifiedOffer[]): PlacementFigures {
  const completed = students.filter((s) => s.completed);
  const eligible = completed.filter((s) => !s.optedOut);
  const eligibleKeys = new Set(eligible.map((s) => s.key));
  const best = new Map<string, number>();
  const employers = new Set<number>();
  for (const offer of offers) {
    if (!eligibleKeys.has(offer.key)) continue;
    best.set(offer.key, Math.max(best.get(offer.key) ?? 0, offer.ctc));
    employers.add(offer.employer);
  }
  const ctcs = [...best.values()];
  return {
    completed: completed.length,
    opted_out: completed.length - eligible.length,
    eligible: eligible.length,
    placed: best.size,
    placement_rate: eligible.length ? Math.round((best.size / eligible.length) * 1000) / 10 : null,
    median_ctc: median(ctcs),
    highest_ctc: ctcs.length ? Math.max(...ctcs) : null,
    lowest_ctc: ctcs.length ? Math.min(...ctcs) : null,
    employers: employers.size,
  };
}
