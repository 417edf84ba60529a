import { z } from 'zod';

/**
 * What deleting a session, a module, a lesson or a faculty member takes with it (decision record 085),
 * read by the office's Delete before it asks: the students' attendance marks, lesson ticks and questions
 * that go, the courses left without their instructor. The sentences are written here once; the server
 * counts, the dialog lists.
 */

type Id = number | string;
const P = ':id';

export const DELETE_IMPACT_PATHS = {
  session: (id: Id = P) => `/api/admin/sessions/${id}/impact/`,
  module: (id: Id = P) => `/api/admin/modules/${id}/impact/`,
  lesson: (id: Id = P) => `/api/admin/lessons/${id}/impact/`,
  faculty: (id: Id = P) => `/api/admin/faculty/${id}/impact/`,
} as const;

export const DeleteImpact = z.object({
  /** What is deleted, as the office knows it: "Session “Week 1: Python” of batch March 2027". */
  item: z.string(),
  /** What else goes or changes with it, one sentence each; empty when nothing but the item goes. */
  touches: z.array(z.string()),
});
export type DeleteImpact = z.infer<typeof DeleteImpact>;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const titles = (names: string[]) => names.map((name) => `“${name}”`).join(', ');

export const DELETE_IMPACT_TEXTS = {
  session: (title: string, batch: string) => `Session “${title}” of batch ${batch}`,
  module: (title: string, program: string) => `Module “${title}” of ${program}`,
  lesson: (title: string, module: string) => `Lesson “${title}” of module “${module}”`,
  faculty: (name: string) => `Faculty member ${name}`,
  attendanceGoes: (marks: number, present: number) =>
    `The attendance taken at it goes: ${count(marks, "student's mark", "students' marks")} (${present} present). ` +
    'Each student’s attendance is counted again without this class.',
  lessonsGo: (n: number) => `Its ${count(n, 'lesson')} go with it.`,
  completionsGo: (ticks: number, students: number) =>
    `${count(ticks, 'lesson completion')} of ${count(students, 'student')} go; their course progress is counted again.`,
  questionsGo: (n: number) => `${count(n, 'question')} students asked on it go, with their replies.`,
  fileGoes: 'Its uploaded file is deleted.',
  coursesLoseInstructor: (courses: string[]) =>
    `${courses.length === 1 ? 'This course is' : `These ${courses.length} courses are`} left without an instructor: ${titles(courses)}.`,
  resourcesLoseAuthor: (n: number) => `${count(n, 'resource')} no longer name${n === 1 ? 's' : ''} an author.`,
  nothingElse: 'Nothing else goes with it.',
  reading: 'Reading what this delete touches...',
} as const;
