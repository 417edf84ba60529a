/**
 * Section timers (decision record 083). When any section of a test has its own duration_minutes, the
 * sections are taken in order: section 0 is entered when the attempt starts, and each later one when the
 * section before it ends, either because its time is up (the next is entered at that moment) or because
 * the student moved on early (POST /classroom/attempts/{id}/sections/{index}/enter/). A section's end is
 * fixed when it is entered: entered + its minutes (an untimed section: the attempt's end), never after the
 * attempt's ends_at; leaving early ends it at once. A section before the current one is locked.
 *
 * The plan is what the server keeps; everything else follows from it and the clock, so the server and the
 * exam screen advance it the same way (`advanceSections`) and a resume finds the same ends.
 */
export type SectionPlan = {
  /** Each section's own minutes, null for an untimed one. */
  minutes: (number | null)[];
  /** The ends fixed so far, one per section entered (ISO date-times); the last is the current section's. */
  ends: string[];
};

/** Whether a test's sections are taken in order with their own timers: any section is timed. */
export const sectionsTimed = (minutes: (number | null)[]) => minutes.some((m) => m !== null);

/** The end of a section entered at `from`: its minutes later (untimed: the attempt's end), bounded by it. */
export function sectionEnd(minutes: number | null, from: number, attemptEndsAt: string): string {
  const end = Date.parse(attemptEndsAt);
  return new Date(minutes === null ? end : Math.min(from + minutes * 60_000, end)).toISOString();
}

/** The plan at `now`: every section whose time is up is left, and the next entered at its end. */
export function advanceSections(plan: SectionPlan, attemptEndsAt: string, now: number): SectionPlan {
  const ends = [...plan.ends];
  while (ends.length < plan.minutes.length && now >= Date.parse(ends.at(-1)!)) {
    ends.push(sectionEnd(plan.minutes[ends.length] ?? null, Date.parse(ends.at(-1)!), attemptEndsAt));
  }
  return { minutes: plan.minutes, ends };
}

/** The section being answered (the last one entered). */
export const currentSection = (plan: SectionPlan) => plan.ends.length - 1;

/** The plan of an attempt starting at `now` (section 0 entered), or null when no section is timed. */
export function startSections(minutes: (number | null)[], attemptEndsAt: string, now: number): SectionPlan | null {
  if (!sectionsTimed(minutes)) return null;
  return { minutes, ends: [sectionEnd(minutes[0] ?? null, now, attemptEndsAt)] };
}

export type SectionMove = { plan: SectionPlan } | { refused: 'locked' | 'in_order' | 'unknown' };

/**
 * The student moves to section `index` at `now`: the next one (the current section ends now), or the current
 * one again (nothing changes: the move the screen makes when a section's time is up is answered the same).
 */
export function enterSection(plan: SectionPlan, index: number, attemptEndsAt: string, now: number): SectionMove {
  const advanced = advanceSections(plan, attemptEndsAt, now);
  const current = currentSection(advanced);
  if (!Number.isInteger(index) || index < 0 || index >= plan.minutes.length) return { refused: 'unknown' };
  if (index === current) return { plan: advanced };
  if (index < current) return { refused: 'locked' };
  if (index > current + 1) return { refused: 'in_order' };
  const ends = [...advanced.ends];
  ends[current] = new Date(now).toISOString();
  ends.push(sectionEnd(plan.minutes[index] ?? null, now, attemptEndsAt));
  return { plan: { minutes: plan.minutes, ends } };
}
