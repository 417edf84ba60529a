import { z } from 'zod';
import { istLocalToIso } from './time.ts';

/**
 * Assignments of a batch and the students' submissions (decision record 051): the paths, the shapes of
 * request bodies and answers, and the messages a person sees. A submission is graded when its marks are
 * set (certificates read the tables with that meaning).
 */

type Id = number | string;
const P = ':id';

export const ASSIGNMENT_PATHS = {
  batchAssignments: (id: Id = P) => `/api/instructor/batches/${id}/assignments/`,
  assignment: (id: Id = P) => `/api/instructor/assignments/${id}/`,
  assignmentSubmissions: (id: Id = P) => `/api/instructor/assignments/${id}/submissions/`,
  grade: (id: Id = P) => `/api/instructor/submissions/${id}/grade/`,
  submit: (id: Id = P) => `/classroom/assignments/${id}/submission/`,
  submissionFile: (id: Id = P) => `/classroom/submissions/${id}/file/`,
} as const;

/** The kinds of file a submission takes, as a person names them (the refusal lists them). */
export const SUBMISSION_FILE_KINDS =
  'PDF, Word (docx, doc), Excel (xlsx, xls), CSV, PowerPoint (pptx, ppt), PNG, JPEG or WebP';
/** What the file input offers (the server decides from the content, not from this list). */
export const SUBMISSION_ACCEPT = '.pdf,.docx,.doc,.xlsx,.xls,.csv,.pptx,.ppt,.png,.jpg,.jpeg,.webp';

export const ASSIGNMENT_MESSAGES = {
  hasSubmissions: 'Students have already submitted this assignment, so it cannot be deleted. Edit it instead.',
  alreadyGraded: 'This assignment is already graded, so it cannot be submitted again.',
  notYourBatch: 'This assignment is for the students of its batch.',
  loginRequired: 'Log in to submit this assignment.',
  emptySubmission: 'Write an answer or attach a file (or both).',
  fileType: `This file type is not accepted. Attach a ${SUBMISSION_FILE_KINDS} file.`,
  marksAbove: (max: number) => `Marks must be a whole number from 0 to ${max}.`,
  noFile: 'This submission has no file.',
} as const;

/** "Submissions larger than 10 MB are refused." */
export const submissionTooLarge = (maxBytes: number) =>
  `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB. Attach a smaller file.`;

const Ids = z.number().int().positive();
const title = z
  .string({ error: 'Title is required.' })
  .trim()
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'The title must be on one line, without control characters.')
  .min(1, 'Title is required.')
  .max(200, 'Title must be at most 200 characters.');
const fields = {
  title,
  instructions: z.string().max(50_000, 'Instructions must be at most 50,000 characters.'),
  due_at: z.iso.datetime({
    offset: true,
    error: `Due date must be a date and time, e.g. ${istLocalToIso('2027-01-09T23:59')}.`,
  }),
  max_marks: z
    .number({ error: 'Maximum marks must be a whole number from 1 to 1000.' })
    .int('Maximum marks must be a whole number from 1 to 1000.')
    .min(1, 'Maximum marks must be a whole number from 1 to 1000.')
    .max(1000, 'Maximum marks must be a whole number from 1 to 1000.'),
};
export const AssignmentInput = z.object({ ...fields, instructions: fields.instructions.default('') });
export type AssignmentInput = z.infer<typeof AssignmentInput>;
export const AssignmentPatch = z.object(fields).partial().strict();

export const GradeInput = z.object({
  marks: z
    .number({ error: 'Marks must be a whole number.' })
    .int('Marks must be a whole number.')
    .min(0, 'Marks cannot be negative.'),
  feedback: z.string().max(10_000, 'Feedback must be at most 10,000 characters.').default(''),
});
export type GradeInput = z.infer<typeof GradeInput>;

export const SubmissionState = z.enum(['not_submitted', 'submitted', 'late', 'graded']);
export type SubmissionState = z.infer<typeof SubmissionState>;
export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  not_submitted: 'Not submitted',
  submitted: 'Submitted',
  late: 'Submitted late',
  graded: 'Graded',
};

export const Assignment = z.object({
  id: Ids,
  batch: Ids,
  title: z.string(),
  /** Markdown, as written. */
  instructions: z.string(),
  /** The instructions rendered to HTML (markdown-it, HTML in the source escaped). */
  instructions_html: z.string(),
  due_at: z.string(),
  max_marks: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assignment = z.infer<typeof Assignment>;

/** The instructor's list: each assignment with how many submitted and how many are graded. */
export const InstructorAssignment = Assignment.extend({
  students: z.number().int(),
  submitted: z.number().int(),
  graded: z.number().int(),
});
export type InstructorAssignment = z.infer<typeof InstructorAssignment>;

export const Submission = z.object({
  id: Ids,
  assignment: Ids,
  student: Ids,
  text: z.string(),
  file_name: z.string().nullable(),
  file_type: z.string().nullable(),
  file_size: z.number().int().nullable(),
  /** Where the file is served (to the student, the batch's instructor and administrators), or null. */
  file_url: z.string().nullable(),
  submitted_at: z.string(),
  is_late: z.boolean(),
  state: SubmissionState,
  /** Null until graded. */
  marks: z.number().int().nullable(),
  feedback: z.string(),
  graded_at: z.string().nullable(),
});
export type Submission = z.infer<typeof Submission>;

/** An assignment on the course page, with the caller's submission (marks and feedback once graded). */
export const CourseAssignment = Assignment.extend({
  state: SubmissionState,
  submission: Submission.nullable(),
});
export type CourseAssignment = z.infer<typeof CourseAssignment>;

export const SubmissionRoster = z.object({
  assignment: Assignment,
  batch: z.object({ id: Ids, name: z.string() }),
  students: z.array(
    z.object({
      student: z.object({ id: Ids, name: z.string(), email: z.string() }),
      submission: Submission.nullable(),
    }),
  ),
});
export type SubmissionRoster = z.infer<typeof SubmissionRoster>;

/** The state a submission shows: graded once it has marks, else late or on time; none = not submitted. */
export function submissionState(
  submission: { marks: number | null; is_late: boolean } | null | undefined,
): SubmissionState {
  if (!submission) return 'not_submitted';
  if (submission.marks !== null) return 'graded';
  return submission.is_late ? 'late' : 'submitted';
}
