import { fromPromise } from 'xstate';
import type { InstructorAssignment, Submission, SubmissionRoster } from '../../../contract/index.ts';
import {
  assignmentListMachine,
  type DeleteAssignmentInput,
  type LoadAssignmentsInput,
  type SaveAssignmentInput,
} from '../../../machines/assignment-list.machine.ts';
import { gradingMachine, type LoadRosterInput, type SaveGradeInput } from '../../../machines/grading.machine.ts';
import {
  deleteAssignment,
  fetchBatchAssignments,
  fetchRoster,
  saveAssignment,
  saveGrade,
} from '../../features/assignments/api/instructor-api.ts';

/** The instructor's assignment pages' machines with the API calls (decision record 051). */
export const appAssignmentListMachine = assignmentListMachine.provide({
  actors: {
    loadAssignments: fromPromise<InstructorAssignment[], LoadAssignmentsInput>(({ input }) =>
      fetchBatchAssignments(input.batchId),
    ),
    saveAssignment: fromPromise<unknown, SaveAssignmentInput>(({ input }) => saveAssignment(input)),
    deleteAssignment: fromPromise<unknown, DeleteAssignmentInput>(({ input }) => deleteAssignment(input.id)),
  },
});

export const appGradingMachine = gradingMachine.provide({
  actors: {
    loadRoster: fromPromise<SubmissionRoster, LoadRosterInput>(({ input }) => fetchRoster(input.assignmentId)),
    saveGrade: fromPromise<Submission, SaveGradeInput>(({ input }) => saveGrade(input)),
  },
});
