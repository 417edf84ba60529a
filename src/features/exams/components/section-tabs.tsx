import { useEffect, useRef, useState } from 'react';
import { sectionRanges } from '../../../../machines/exam-attempt.machine.ts';
import type { AttemptView } from '../../../../contract/index.ts';

type Props = {
  attempt: AttemptView;
  /** The question on screen. */
  index: number;
  /** The section being answered when the sections are timed (taken in order), else null. */
  section: number | null;
  busy: boolean;
  onGo: (index: number) => void;
  onNextSection: () => void;
};

/** A section's state when the sections are timed (decision record 083): words for its tab. */
export const SECTION_STATES = { locked: 'locked', upcoming: 'not started yet' } as const;

/**
 * The section tabs. Free sections: each tab goes to its first question. Timed sections: only the current
 * one is open, those before it are locked and those after it not started; "Go to the next section" moves
 * on early, after a confirmation (there is no way back).
 */
export function SectionTabs({ attempt, index, section, busy, onGo, onNextSection }: Props) {
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) heading.current?.focus();
  }, [confirming]);
  const ranges = sectionRanges(attempt);
  const next = section === null ? undefined : ranges[section + 1];
  if (ranges.length < 2) return null;
  return (
    <>
      <nav className="exam-sections" aria-label="Sections">
        {ranges.map((s, i) => {
          const state =
            section === null || i === section ? null : i < section ? SECTION_STATES.locked : SECTION_STATES.upcoming;
          return (
            <button
              key={s.title}
              type="button"
              className={`exam-section-tab${state ? ' exam-section-closed' : ''}`}
              aria-current={index >= s.start && index < s.end ? 'true' : undefined}
              disabled={state !== null}
              onClick={() => onGo(s.start)}
            >
              {s.title}
              {state ? ` (${state})` : null}
            </button>
          );
        })}
        {next ? (
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Go to the next section
          </button>
        ) : null}
      </nav>
      {next && confirming ? (
        <section className="exam-confirm" aria-labelledby="next-section-heading">
          <h2 id="next-section-heading" tabIndex={-1} ref={heading}>
            Move on to {next.title}?
          </h2>
          <p>{`You cannot come back to ${ranges[section!]!.title} once you move on; its remaining time is not carried over.`}</p>
          <p className="btn-row">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                onNextSection();
              }}
            >
              Yes, go to {next.title}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
              Stay in this section
            </button>
          </p>
        </section>
      ) : null}
    </>
  );
}
