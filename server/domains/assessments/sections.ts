import { ASSESSMENT_MESSAGES as M, SAVE_GRACE_SECONDS } from '../../../contract/assessments.ts';
import { advanceSections, currentSection, enterSection, type SectionPlan } from '../../../contract/exam-sections.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import type { OrderItem } from './results.ts';
import type { AttemptRow } from './tables.ts';

/**
 * Section timers on the server (decision record 083): the attempt keeps its section plan (contract/
 * exam-sections.ts); the plan at any moment follows from it and the server's clock, so reading an attempt
 * writes nothing and a resume finds the same ends. Only a student's early move to the next section changes
 * what is kept.
 */

export const planOf = (attempt: Pick<AttemptRow, 'sections'>): SectionPlan | null =>
  attempt.sections ? (JSON.parse(attempt.sections) as SectionPlan) : null;

/** The plan as it stands at `now` (sections whose time is up left, the next entered at their end). */
export function sectionsAt(attempt: Pick<AttemptRow, 'sections' | 'ends_at'>, now: number): SectionPlan | null {
  const plan = planOf(attempt);
  return plan ? advanceSections(plan, attempt.ends_at, now) : null;
}

/** The sections' titles in the attempt's order (the order lists them section by section). */
const sectionTitles = (order: OrderItem[]) => [...new Set(order.map((o) => o.section))];

/**
 * A save for a question of a section that has not started (409), or that ended more than the grace ago
 * (409: the section's time is up, or the student moved on), is refused; an attempt without timed sections
 * passes.
 */
export function assertSectionOpen(
  attempt: Pick<AttemptRow, 'sections' | 'ends_at'>,
  order: OrderItem[],
  item: OrderItem,
  now: number,
): void {
  const plan = sectionsAt(attempt, now);
  if (!plan) return;
  const index = sectionTitles(order).indexOf(item.section);
  const end = plan.ends[index];
  if (end === undefined) throw new HttpError(409, M.sectionNotStarted);
  if (now > Date.parse(end) + SAVE_GRACE_SECONDS * 1000) throw new HttpError(409, M.sectionTimeUp);
}

/** The plan after the student moves to section `index` now, or the refusal in words. */
export function movedPlan(attempt: AttemptRow, index: number, now: number): SectionPlan {
  const plan = planOf(attempt);
  if (!plan) throw new HttpError(409, M.sectionsFree);
  const move = enterSection(plan, index, attempt.ends_at, now);
  if ('plan' in move) return move.plan;
  if (move.refused === 'unknown') throw new HttpError(404, M.unknownSection);
  throw new HttpError(409, move.refused === 'locked' ? M.sectionLocked : M.sectionsInOrder);
}

/** What the attempt's answer says of its sections: the current one and each section's end. */
export function sectionView(attempt: Pick<AttemptRow, 'sections' | 'ends_at'>, now: number) {
  const plan = sectionsAt(attempt, now);
  return {
    current: plan ? currentSection(plan) : null,
    endOf: (index: number) => plan?.ends[index] ?? null,
  };
}
