import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_MESSAGES, ASSIGNMENT_PATHS, Submission, TEACHING_MESSAGES } from '../../contract/index.ts';
import {
  PDF,
  admin,
  batch,
  classmate,
  ctx,
  grade,
  inDays,
  instructor,
  newAssignment,
  otherBatchStudent,
  otherInstructor,
  post,
  student,
  submit,
  useAssignmentsApp,
} from './support/assignments-app.ts';

/**
 * Assignments and submissions (decision record 051), on the database TEST_DB names: the access matrix of
 * every endpoint (anonymous, a student of the batch, a student of another batch, the batch's instructor,
 * another instructor, an administrator) and the rules a person notices: late at the due time's edge,
 * resubmission until graded, no delete after a submission, marks within bounds, the file's type read from
 * its content, the size limit, the "graded" email in the outbox, and who may download a submitted file.
 */

useAssignmentsApp();

type Who = 'anonymous' | 'student' | 'otherBatch' | 'instructor' | 'otherInstructor' | 'admin';
const WHO: Who[] = ['anonymous', 'student', 'otherBatch', 'instructor', 'otherInstructor', 'admin'];
const tokenOf = (who: Who): string | null =>
  ({
    anonymous: null,
    student: student.access,
    otherBatch: otherBatchStudent.access,
    instructor: instructor.access,
    otherInstructor: otherInstructor.access,
    admin: admin.access,
  })[who];
async function statuses(request: (token: string | null, who: Who) => Promise<{ status: number }>) {
  const out: Partial<Record<Who, number>> = {};
  for (const who of WHO) out[who] = (await request(tokenOf(who), who)).status;
  return out;
}
/** The instructor endpoints' answer: the batch's instructor and administrators. */
const teachersOnly = (ok: number) => ({
  anonymous: 401,
  student: 403,
  otherBatch: 403,
  instructor: ok,
  otherInstructor: 403,
  admin: ok,
});

describe('the access matrix', () => {
  it('listing and creating a batch’s assignments: its instructor and administrators', async () => {
    expect(await statuses((token) => ctx.request({ url: ASSIGNMENT_PATHS.batchAssignments(batch.id), token }))).toEqual(
      teachersOnly(200),
    );
    expect(
      await statuses((token) =>
        post(ASSIGNMENT_PATHS.batchAssignments(batch.id), token, {
          title: 'Ratio analysis',
          due_at: inDays(3),
          max_marks: 10,
        }),
      ),
    ).toEqual(teachersOnly(201));
    const another = await post(ASSIGNMENT_PATHS.batchAssignments(batch.id), otherInstructor.access, {
      title: 'x',
      due_at: inDays(3),
      max_marks: 10,
    });
    expect(another.body).toEqual({ detail: TEACHING_MESSAGES.notYourBatch });
    const asStudent = await ctx.request({ url: ASSIGNMENT_PATHS.batchAssignments(batch.id), token: student.access });
    expect(asStudent.body).toEqual({ detail: TEACHING_MESSAGES.instructorsOnly });
  });

  it('editing and deleting an assignment: its batch’s instructor and administrators', async () => {
    const one = await newAssignment();
    expect(
      await statuses((token) =>
        ctx.request({ method: 'PATCH', url: ASSIGNMENT_PATHS.assignment(one.id), token, body: { max_marks: 25 } }),
      ),
    ).toEqual(teachersOnly(200));
    const refused = await statuses(async (token, who) => {
      if (who === 'instructor' || who === 'admin') return { status: 204 };
      return ctx.request({ method: 'DELETE', url: ASSIGNMENT_PATHS.assignment(one.id), token });
    });
    expect(refused).toEqual(teachersOnly(204));
    for (const token of [instructor.access, admin.access]) {
      const fresh = await newAssignment();
      const res = await ctx.request({ method: 'DELETE', url: ASSIGNMENT_PATHS.assignment(fresh.id), token });
      expect(res.status).toBe(204);
      const gone = await ctx.request({ url: ASSIGNMENT_PATHS.assignmentSubmissions(fresh.id), token });
      expect(gone.status).toBe(404);
    }
  });

  it('submitting: only a student of the batch (anonymous 401, everyone else 403)', async () => {
    const one = await newAssignment();
    expect(await statuses((token) => submit(one.id, token, { text: 'My note.' }))).toEqual({
      anonymous: 401,
      student: 201,
      otherBatch: 403,
      instructor: 403,
      otherInstructor: 403,
      admin: 403,
    });
    const outsider = await submit(one.id, otherBatchStudent.access, { text: 'x' });
    expect(outsider.body).toEqual({ detail: ASSIGNMENT_MESSAGES.notYourBatch });
  });

  it('the roster, grading and the submitted file: the instructor and administrators; the file also to its student', async () => {
    const one = await newAssignment();
    const mine = Submission.parse(
      (await submit(one.id, student.access, { file: { name: 'note.pdf', content: PDF } })).body,
    );
    expect(
      await statuses((token) => ctx.request({ url: ASSIGNMENT_PATHS.assignmentSubmissions(one.id), token })),
    ).toEqual(teachersOnly(200));
    expect(await statuses((token) => grade(mine.id, token, { marks: 12, feedback: 'Good.' }))).toEqual(
      teachersOnly(200),
    );
    expect(await statuses((token) => ctx.request({ url: mine.file_url!, token }))).toEqual({
      anonymous: 401,
      student: 200,
      otherBatch: 403,
      instructor: 200,
      otherInstructor: 403,
      admin: 200,
    });
    // A classmate is a student of the batch but not the submitter.
    expect((await ctx.request({ url: mine.file_url!, token: classmate.access })).status).toBe(403);
  });
});
