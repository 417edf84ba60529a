import type { StudentQuestion } from '../../../../contract/index.ts';
import { paletteState, type ExamEntry, type PaletteState } from '../../../../machines/exam-attempt.machine.ts';

/** NTA's five palette states in its legend's order, with the words a screen reader and the legend say. */
export const PALETTE_LABELS: Record<PaletteState, string> = {
  not_visited: 'Not visited',
  not_answered: 'Not answered',
  answered: 'Answered',
  marked: 'Marked for review',
  answered_marked: 'Answered and marked for review',
};
export const NOT_YET_SAVED = 'not yet saved';

type Props = {
  questions: StudentQuestion[];
  entries: Record<number, ExamEntry>;
  current: number;
  /** The questions whose save is still queued (offline, or in flight). */
  unsaved: Set<number>;
  /** Timed sections (decision record 083): why question `index` cannot be opened (its section locked or not started), or null. */
  closedNote?: (index: number) => string | null;
  onGo: (index: number) => void;
};

/** The question palette: one button per question, its state as a shape, a colour and words. */
export function QuestionPalette({ questions, entries, current, unsaved, closedNote = () => null, onGo }: Props) {
  return (
    <nav className="exam-palette" aria-label="Question palette">
      <h2 className="exam-palette-title">Questions</h2>
      <ol className="exam-palette-grid">
        {questions.map((q, i) => {
          const state = paletteState(entries[q.id]);
          const pending = unsaved.has(q.id);
          const closed = closedNote(i);
          return (
            <li key={q.id}>
              <button
                type="button"
                className={`exam-palette-button palette-${state}${pending ? ' palette-unsaved' : ''}`}
                aria-current={i === current ? 'step' : undefined}
                disabled={closed !== null}
                onClick={() => onGo(i)}
              >
                <span aria-hidden="true">{i + 1}</span>
                <span className="visually-hidden">
                  {`${i + 1}: ${PALETTE_LABELS[state]}${pending ? `, ${NOT_YET_SAVED}` : ''}${closed ? `, ${closed}` : ''}`}
                </span>
                {pending ? <span aria-hidden="true" className="palette-unsaved-mark" /> : null}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="exam-legend" aria-label="Legend">
        {(Object.keys(PALETTE_LABELS) as PaletteState[]).map((state) => (
          <li key={state}>
            <span aria-hidden="true" className={`exam-palette-button palette-${state}`} />
            {PALETTE_LABELS[state]}
          </li>
        ))}
        <li>
          <span aria-hidden="true" className="exam-palette-button palette-not_answered palette-unsaved">
            <span className="palette-unsaved-mark" />
          </span>
          Not yet saved (sent when the connection returns)
        </li>
      </ul>
    </nav>
  );
}
