import { describe, expect } from 'vitest';
import { ASSIGNMENT_MESSAGES } from '../../contract/index.ts';
import { ASSIGNMENT_LIST_TEXTS, assignmentBody } from '../../machines/assignment-list.machine.ts';
import { assignmentListModel, listedAssignment } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('assignment list machine, generated paths', () => {
  testGeneratedPaths(assignmentListModel, (step) => {
    const state = stateOf(step);
    const { assignments, editingId, form, error } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(['loading', 'saving', 'deleting'].includes(state));
    const calls = actorCalls(step.effects);
    if (state === 'saving')
      expect(calls).toEqual([
        { src: 'saveAssignment', input: { batchId: 41, id: editingId, body: assignmentBody(form) } },
      ]);
    if (state === 'deleting') expect(calls).toEqual([{ src: 'deleteAssignment', input: { id: listedAssignment.id } }]);
    if (['list', 'editing', 'failed'].includes(state)) expect(calls).toEqual([]);
    if (state === 'failed') expect(error).toBe(ASSIGNMENT_LIST_TEXTS.loadFailed);
    // Editing an assignment starts from what it says, the due time in IST.
    if (step.event.type === 'assignment.edit' && state === 'editing')
      expect(form).toEqual({
        title: listedAssignment.title,
        instructions: listedAssignment.instructions,
        due: '2027-01-16T23:59',
        max_marks: '20',
      });
    if (step.event.type === 'xstate.error.actor.deleteAssignment') {
      expect(state).toBe('list');
      expect(error).toBe(ASSIGNMENT_MESSAGES.hasSubmissions);
    }
    if (state === 'list' && step.event.type === 'xstate.done.actor.loadAssignments')
      expect(assignments).toEqual([listedAssignment]);
  });
});
