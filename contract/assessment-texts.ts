/** The instructor's tests screen's words (decision record 071), written once. */
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export const TEST_SCREEN_TEXTS = {
  empty: 'No tests yet. Add one: its questions come from the question bank.',
  everyBatch: 'Every batch',
  certificateRule: 'Certificate rule',
  /** What deleting a test touches (decision record 077): its sections and choices, and any attempts. */
  deleteImpact: (t: { title: string; sections: number; questions: number; attempts: number }) =>
    t.attempts > 0
      ? `Students have made ${plural(t.attempts, 'attempt')} at “${t.title}”. Their answers, scores and ranks ` +
        'belong to the test, so the server keeps a test that has attempts and will refuse to delete it.'
      : `“${t.title}” and its ${plural(t.sections, 'section')} (${plural(t.questions, 'question')} chosen) will be ` +
        'deleted. No student has attempted it; the questions stay in the question bank.',
} as const;
