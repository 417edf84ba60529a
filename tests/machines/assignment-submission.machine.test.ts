import { describe, expect } from 'vitest';
import { ASSIGNMENT_MESSAGES } from '../../contract/index.ts';
import { ASSIGNMENT_SUBMISSION_TEXTS } from '../../machines/assignment-submission.machine.ts';
import { assignmentSubmissionModel, gradedSubmission, sampleFile } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('assignment submission machine, generated paths', () => {
  testGeneratedPaths(assignmentSubmissionModel, (step) => {
    const state = stateOf(step);
    const { submission, text, file, error } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(state === 'uploading');
    // Sending happens only on entering uploading, with what the draft holds, and only with content.
    const calls = actorCalls(step.effects);
    if (state === 'uploading') {
      expect(calls).toEqual([{ src: 'submitAssignment', input: { assignmentId: 31, text, file } }]);
      expect(text.trim() !== '' || file === sampleFile).toBe(true);
    } else expect(calls).toEqual([]);
    // Where it rests says what the server last said about the submission.
    if (state === 'graded') expect(submission?.marks).toBe(gradedSubmission.marks);
    if (state === 'late') expect(submission?.is_late).toBe(true);
    if (state === 'submitted') expect(submission).toMatchObject({ is_late: false, marks: null });
    if (state === 'draft' || state === 'refused') expect(submission?.marks ?? null).toBeNull();
    // A refusal shows the server's words (or, offline, the connection text); a settled state shows none.
    if (state === 'refused')
      expect([ASSIGNMENT_MESSAGES.fileType, ASSIGNMENT_SUBMISSION_TEXTS.failed]).toContain(error);
    if (['submitted', 'late', 'graded', 'uploading'].includes(state)) expect(error).toBeNull();
    if (step.event.type === 'submit' && state === 'draft') expect(error).toBe(ASSIGNMENT_MESSAGES.emptySubmission);
  });
});
