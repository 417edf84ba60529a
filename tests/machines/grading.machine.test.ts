import { describe, expect } from 'vitest';
import { ASSIGNMENT_MESSAGES } from '../../contract/index.ts';
import { GRADING_TEXTS, rosterSubmission } from '../../machines/grading.machine.ts';
import { gradedSubmission, gradingModel, sampleRoster } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('grading machine, generated paths', () => {
  testGeneratedPaths(gradingModel, (step) => {
    const state = stateOf(step);
    const { roster, submissionId, marks, feedback, error } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || state === 'saving');
    const calls = actorCalls(step.effects);
    if (state === 'loading' && step.event.type !== 'xstate.error.actor.loadRoster')
      expect(calls).toEqual([{ src: 'loadRoster', input: { assignmentId: 31 } }]);
    // Only marks within 0..max are ever sent, as a whole number.
    if (state === 'saving')
      expect(calls).toEqual([{ src: 'saveGrade', input: { submissionId: 71, marks: Number(marks), feedback } }]);
    if (state !== 'loading' && state !== 'saving') expect(calls).toEqual([]);
    if (state === 'failed') expect(error).toBe(GRADING_TEXTS.loadFailed);
    // A form is only ever open on a submission that exists.
    if (['grading', 'saving', 'saved', 'refused'].includes(state))
      expect(rosterSubmission(roster, submissionId)).not.toBeNull();
    if (state === 'list') expect(submissionId).toBeNull();
    // Saved: the list shows the grade the server answered.
    if (state === 'saved') expect(rosterSubmission(roster, submissionId)).toEqual(gradedSubmission);
    if (state === 'grading' && step.event.type === 'grade.save') expect(error).toBe(ASSIGNMENT_MESSAGES.marksAbove(20));
    if (state === 'refused' && step.event.type === 'xstate.error.actor.saveGrade')
      expect(error).toBe(ASSIGNMENT_MESSAGES.marksAbove(15));
    if (state === 'list') expect(roster!.students).toHaveLength(sampleRoster.students.length);
  });
});
