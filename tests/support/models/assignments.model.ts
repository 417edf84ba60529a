import {
  ApiError,
  ASSIGNMENT_MESSAGES,
  type CourseAssignment,
  type InstructorAssignment,
  type Submission,
  type SubmissionRoster,
} from '../../../contract/index.ts';
import {
  assignmentSubmissionMachine,
  type AssignmentSubmissionContext,
  type AssignmentSubmissionInput,
} from '../../../machines/assignment-submission.machine.ts';
import { gradingMachine, type GradingInput } from '../../../machines/grading.machine.ts';
import { assignmentListMachine, type AssignmentListInput } from '../../../machines/assignment-list.machine.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError } from '../samples.ts';

/** Assignments (decision record 051): a student's submission on the course page and the grading page. */

export const sampleAssignment: CourseAssignment = {
  id: 31,
  batch: 41,
  title: 'Credit appraisal note',
  instructions: 'Write a **two-page** note.',
  instructions_html: '<p>Write a <strong>two-page</strong> note.</p>\n',
  due_at: '2027-01-16T18:29:00.000Z',
  max_marks: 20,
  created_at: '2027-01-09T10:00:00.000Z',
  updated_at: '2027-01-09T10:00:00.000Z',
  state: 'not_submitted',
  submission: null,
};
export const onTimeSubmission: Submission = {
  id: 71,
  assignment: 31,
  student: 2,
  text: 'My note is attached.',
  file_name: 'note.pdf',
  file_type: 'application/pdf',
  file_size: 2048,
  file_url: '/classroom/submissions/71/file/',
  submitted_at: '2027-01-15T10:00:00.000Z',
  is_late: false,
  state: 'submitted',
  marks: null,
  feedback: '',
  graded_at: null,
};
export const lateSubmission: Submission = {
  ...onTimeSubmission,
  submitted_at: '2027-01-17T10:00:00.000Z',
  is_late: true,
  state: 'late',
};
export const gradedSubmission: Submission = {
  ...onTimeSubmission,
  state: 'graded',
  marks: 17,
  feedback: 'Clear and well argued.',
  graded_at: '2027-01-18T10:00:00.000Z',
};
/** A sample PDF the student chooses (the view passes a browser File). */
export const sampleFile = { name: 'note.pdf', size: 2048 };
/** The server's refusal of a file whose content is not an allowed kind. */
export const wrongFileType = new ApiError(400, { file: [ASSIGNMENT_MESSAGES.fileType] });

export const assignmentSubmissionModel: MachineModel<AssignmentSubmissionInput> = {
  name: 'assignment-submission',
  machine: assignmentSubmissionMachine,
  actors: ['submitAssignment'],
  // Every state by a shortest path, then each transition out of it (simple paths are too many here).
  kind: ['shortest', 'transitions'],
  appActions: [],
  // What the student can tell apart: text or not, a file or not, where the submission stands, a message.
  stateKey: (snapshot) => {
    const c = snapshot.context as AssignmentSubmissionContext;
    return [c.text !== '', c.file !== null, c.submission?.state ?? null, c.error];
  },
  inputs: [
    { assignment: sampleAssignment },
    { assignment: { ...sampleAssignment, state: 'submitted', submission: onTimeSubmission } },
    { assignment: { ...sampleAssignment, state: 'graded', submission: gradedSubmission } },
  ],
  events: [
    { type: 'text.change', text: 'My note is attached.' },
    { type: 'text.change', text: '' },
    { type: 'file.choose', file: sampleFile },
    { type: 'submit' },
    { type: 'resubmit' },
    { type: 'cancel' },
    { type: 'xstate.done.actor.submitAssignment', output: onTimeSubmission },
    { type: 'xstate.done.actor.submitAssignment', output: lateSubmission },
    { type: 'xstate.done.actor.submitAssignment', output: gradedSubmission },
    { type: 'xstate.error.actor.submitAssignment', error: wrongFileType },
    { type: 'xstate.error.actor.submitAssignment', error: networkError },
  ],
};

export const sampleRoster: SubmissionRoster = {
  assignment: sampleAssignment,
  batch: { id: 41, name: 'January weekend batch' },
  students: [
    {
      student: { id: 2, name: 'Priya Sharma', email: 'student@example.in' },
      submission: onTimeSubmission,
    },
    { student: { id: 3, name: 'Ravi Kumar', email: 'ravi@example.in' }, submission: null },
  ],
};
/** The server's refusal of marks (e.g. the maximum was lowered meanwhile). */
export const marksRefused = new ApiError(400, { marks: [ASSIGNMENT_MESSAGES.marksAbove(15)] });

export const gradingModel: MachineModel<GradingInput> = {
  name: 'grading',
  machine: gradingMachine,
  actors: ['loadRoster', 'saveGrade'],
  kind: ['shortest', 'transitions'],
  appActions: [],
  inputs: [{ assignmentId: '31' }],
  events: [
    { type: 'roster.retry' },
    { type: 'grade.open', submissionId: onTimeSubmission.id },
    { type: 'grade.open', submissionId: 999 },
    { type: 'marks.change', marks: '17' },
    { type: 'marks.change', marks: '25' },
    { type: 'feedback.change', feedback: 'Clear and well argued.' },
    { type: 'grade.save' },
    { type: 'grade.cancel' },
    { type: 'xstate.done.actor.loadRoster', output: sampleRoster },
    { type: 'xstate.error.actor.loadRoster', error: networkError },
    { type: 'xstate.done.actor.saveGrade', output: gradedSubmission },
    { type: 'xstate.error.actor.saveGrade', error: marksRefused },
  ],
};

export const listedAssignment: InstructorAssignment = {
  ...sampleAssignment,
  students: 2,
  submitted: 1,
  graded: 0,
};
/** The server's refusal to delete an assignment someone submitted. */
export const deleteRefused = new ApiError(400, { error: ASSIGNMENT_MESSAGES.hasSubmissions });

export const assignmentListModel: MachineModel<AssignmentListInput> = {
  name: 'assignment-list',
  machine: assignmentListMachine,
  actors: ['loadAssignments', 'saveAssignment', 'deleteAssignment'],
  kind: ['shortest', 'transitions'],
  inputs: [{ batchId: '41' }],
  appActions: [],
  events: [
    { type: 'list.retry' },
    { type: 'assignment.new' },
    { type: 'assignment.edit', id: listedAssignment.id },
    { type: 'assignment.edit', id: 999 },
    { type: 'assignment.delete', id: listedAssignment.id },
    { type: 'form.change', field: 'title', value: 'Ratio analysis' },
    { type: 'form.change', field: 'due', value: '2027-01-16T23:59' },
    { type: 'form.save' },
    { type: 'form.cancel' },
    { type: 'xstate.done.actor.loadAssignments', output: [listedAssignment] },
    { type: 'xstate.error.actor.loadAssignments', error: networkError },
    { type: 'xstate.done.actor.saveAssignment', output: sampleAssignment },
    { type: 'xstate.error.actor.saveAssignment', error: networkError },
    { type: 'xstate.done.actor.deleteAssignment', output: null },
    { type: 'xstate.error.actor.deleteAssignment', error: deleteRefused },
  ],
};
