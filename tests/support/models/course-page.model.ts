import { ApiError, type Course, type Lesson } from '../../../contract/index.ts';
import {
  coursePageMachine,
  type CoursePageContext,
  type CoursePageInput,
} from '../../../machines/course-page.machine.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError } from '../samples.ts';
import { sampleBatch } from './batch-choice.model.ts';

const session = {
  id: 9,
  batch: sampleBatch.id,
  title: 'Credit appraisal: the CMA data',
  starts_at: '2027-01-09T19:00:00+05:30',
  duration_minutes: 90,
  location: '',
  meeting_url: null,
  meeting_opens_at: '2027-01-09T18:30:00+05:30',
};

/** A course of one module, two lessons, the first done (50%). */
export const sampleCourse: Course = {
  enrollment_id: 5,
  program: { id: 3, title: 'Credit Analysis & Lending' },
  batch: sampleBatch,
  next_session: session,
  sessions: [session],
  modules: [
    {
      id: 1,
      title: 'Credit appraisal',
      lessons: [
        {
          id: 11,
          title: 'Reading a balance sheet',
          kind: 'text',
          duration_minutes: 20,
          is_preview: true,
          completed: true,
        },
        {
          id: 12,
          title: 'CMA data, step by step',
          kind: 'video',
          duration_minutes: 40,
          is_preview: false,
          completed: false,
        },
      ],
    },
  ],
  progress_percentage: 50,
  calendar_url: 'http://localhost/classroom/calendar/5.0.abc/feed.ics',
  certificate: null,
  eligibility: null,
  attendance: [],
  attendance_percentage: null,
  assignments: [],
};

/** A document lesson with its file (the third of the course, opened by id in the views). */
export const sampleDocument = (): Lesson => ({
  ...sampleLesson(12),
  id: 12,
  kind: 'document',
  url: '',
  file: '/classroom/lessons/12/file/',
  file_name: 'cma-template.xlsx',
});

export const sampleLesson = (id: number): Lesson => {
  const short = sampleCourse.modules[0]!.lessons.find((l) => l.id === id)!;
  return {
    ...short,
    module: 1,
    program: 3,
    body: '# Balance sheet\n\nAssets = liabilities + equity.',
    url: short.kind === 'video' ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : '',
    file: null,
    file_name: null,
    position: 0,
  };
};

export const markRefused = new ApiError(403, {
  detail: 'This lesson is for enrolled students. Enroll in the program to open it.',
});

export const coursePageModel: MachineModel<CoursePageInput> = {
  name: 'course-page',
  machine: coursePageMachine,
  actors: ['loadCourse', 'loadLesson', 'markLesson', 'downloadFile'],
  appActions: [],
  inputs: [{ enrollmentId: '5' }],
  events: [
    { type: 'xstate.done.actor.loadCourse', output: sampleCourse },
    { type: 'xstate.error.actor.loadCourse', error: networkError },
    { type: 'course.retry' },
    { type: 'lesson.open', lessonId: 11 },
    { type: 'lesson.open', lessonId: 99 },
    { type: 'xstate.done.actor.loadLesson', output: sampleLesson(11) },
    { type: 'xstate.done.actor.loadLesson', output: sampleDocument() },
    { type: 'xstate.error.actor.loadLesson', error: networkError },
    { type: 'lesson.next' },
    { type: 'lesson.close' },
    { type: 'lesson.complete' },
    { type: 'lesson.undo' },
    { type: 'xstate.done.actor.markLesson', output: { progress_percentage: 100 } },
    { type: 'xstate.error.actor.markLesson', error: markRefused },
    { type: 'lesson.download' },
    { type: 'xstate.done.actor.downloadFile', output: undefined },
    { type: 'xstate.error.actor.downloadFile', error: networkError },
  ],
  // Simple paths explode over the lessons' ticks: the shortest path to every state and every transition out.
  kind: ['shortest', 'transitions'],
  // What a user sees: where they are, which lesson, its tick and the progress.
  stateKey: (snapshot) => {
    const c = snapshot.context as CoursePageContext;
    return {
      value: snapshot.value,
      lessonId: c.lessonId,
      loaded: c.lesson?.id ?? null,
      done: c.lesson?.completed ?? null,
      progress: c.course?.progress_percentage ?? null,
      error: c.error !== null,
    };
  },
};
