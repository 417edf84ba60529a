import { assign, setup } from 'xstate';
import { progressOf, userMessage, type Course, type Lesson } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The student's course page (/learn/{enrollment}): the course loads (`loading`, else `failed` with a
 * retry); then the overview, or one lesson open (`opening`, `viewing`). Mark complete (or undo) shows the
 * tick and the progress at once (`marking`) and puts them back when the server refuses, with its message.
 */
export type CoursePageInput = { enrollmentId: string };
export type LoadCourseInput = { enrollmentId: number };
export type LoadLessonInput = { lessonId: number };
export type MarkLessonInput = { lessonId: number; completed: boolean };
export type DownloadFileInput = { lesson: Lesson };

export const COURSE_PAGE_TEXTS = {
  loadFailed: 'The course could not be loaded. Check your connection and try again.',
  lessonFailed: 'This lesson could not be opened. Try again.',
  markFailed: 'The lesson could not be marked. Try again.',
  downloadFailed: 'The document could not be downloaded. Try again.',
} as const;

export type CoursePageContext = {
  enrollmentId: number;
  course: Course | null;
  lessonId: number | null;
  lesson: Lesson | null;
  error: string | null;
};

export type CoursePageEvent =
  | { type: 'course.retry' }
  | { type: 'lesson.open'; lessonId: number }
  | { type: 'lesson.next' }
  | { type: 'lesson.close' }
  | { type: 'lesson.complete' }
  | { type: 'lesson.undo' }
  | { type: 'lesson.download' };

/** Every lesson of the course, in the order the student works through them. */
export const courseLessons = (course: Course | null) => (course ? course.modules.flatMap((m) => m.lessons) : []);

/** The lesson after the given one, or null at the end. */
export function nextLessonId(course: Course | null, lessonId: number | null): number | null {
  const lessons = courseLessons(course);
  const at = lessons.findIndex((l) => l.id === lessonId);
  return at >= 0 && at + 1 < lessons.length ? lessons[at + 1]!.id : null;
}

/** The course with one lesson's tick set, and the progress it makes (rounded down, as the server counts). */
function withTick(course: Course, lessonId: number, completed: boolean): Course {
  const modules = course.modules.map((m) => ({
    ...m,
    lessons: m.lessons.map((l) => (l.id === lessonId ? { ...l, completed } : l)),
  }));
  const lessons = modules.flatMap((m) => m.lessons);
  const done = lessons.filter((l) => l.completed).length;
  return { ...course, modules, progress_percentage: progressOf(done, lessons.length) };
}

type OpenParams = { event: CoursePageEvent };
const open = {
  guard: { type: 'isInCourse', params: ({ event }: OpenParams) => ({ event }) },
  target: '#coursePage.ready.opening',
  actions: { type: 'openLesson', params: ({ event }: OpenParams) => ({ event }) },
} as const;

export const coursePageMachine = setup({
  types: {
    input: {} as CoursePageInput,
    context: {} as CoursePageContext,
    events: {} as CoursePageEvent,
  },
  actors: {
    /** GET /classroom/enrollments/{id}/course/ */
    loadCourse: notProvided<Course, LoadCourseInput>('loadCourse'),
    /** GET /classroom/lessons/{id}/ */
    loadLesson: notProvided<Lesson, LoadLessonInput>('loadLesson'),
    /** POST (completed) or DELETE /classroom/lessons/{id}/complete/: the server's progress. */
    markLesson: notProvided<{ progress_percentage: number }, MarkLessonInput>('markLesson'),
    /** A document lesson's file through the authenticated lesson file route, saved by the browser. */
    downloadFile: notProvided<void, DownloadFileInput>('downloadFile'),
  },
  actions: {
    setCourse: assign((_, params: { course: Course }) => ({ course: params.course, error: null })),
    showError: assign((_, params: { error: unknown; fallback: string }) => ({
      error: userMessage(params.error, params.fallback),
    })),
    openLesson: assign((_, params: { event: CoursePageEvent }) => ({
      lessonId: params.event.type === 'lesson.open' ? params.event.lessonId : null,
      lesson: null,
      error: null,
    })),
    openNext: assign(({ context }) => ({
      lessonId: nextLessonId(context.course, context.lessonId),
      lesson: null,
      error: null,
    })),
    closeLesson: assign({ lessonId: null, lesson: null, error: null }),
    clearError: assign({ error: null }),
    setLesson: assign((_, params: { lesson: Lesson }) => ({ lesson: params.lesson })),
    tick: assign(({ context }, params: { completed: boolean }) => ({
      course: withTick(context.course!, context.lessonId!, params.completed),
      lesson: { ...context.lesson!, completed: params.completed },
      error: null,
    })),
    setProgress: assign(({ context }, params: { progress: number }) => ({
      course: { ...context.course!, progress_percentage: params.progress },
    })),
  },
  guards: {
    isInCourse: ({ context }, params: { event: CoursePageEvent }) =>
      params.event.type === 'lesson.open' &&
      courseLessons(context.course).some((l) => l.id === (params.event as { lessonId: number }).lessonId),
    hasNext: ({ context }) => nextLessonId(context.course, context.lessonId) !== null,
    isDone: ({ context }) => context.lesson?.completed === true,
    isNotDone: ({ context }) => context.lesson?.completed === false,
    hasFile: ({ context }) => Boolean(context.lesson?.file),
  },
}).createMachine({
  id: 'coursePage',
  context: ({ input }) => ({
    enrollmentId: /^[1-9]\d{0,15}$/.test(input.enrollmentId) ? Number(input.enrollmentId) : 0,
    course: null,
    lessonId: null,
    lesson: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCourse',
        src: 'loadCourse',
        input: ({ context }) => ({ enrollmentId: context.enrollmentId }),
        onDone: { target: 'ready', actions: { type: 'setCourse', params: ({ event }) => ({ course: event.output }) } },
        onError: {
          target: 'failed',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: event.error, fallback: COURSE_PAGE_TEXTS.loadFailed }),
          },
        },
      },
    },
    failed: { on: { 'course.retry': 'loading' } },
    ready: {
      initial: 'overview',
      states: {
        overview: { on: { 'lesson.open': open } },
        opening: {
          tags: ['busy'],
          invoke: {
            id: 'loadLesson',
            src: 'loadLesson',
            input: ({ context }) => ({ lessonId: context.lessonId! }),
            onDone: {
              target: 'viewing',
              actions: { type: 'setLesson', params: ({ event }) => ({ lesson: event.output }) },
            },
            onError: {
              target: 'lessonFailed',
              actions: {
                type: 'showError',
                params: ({ event }) => ({ error: event.error, fallback: COURSE_PAGE_TEXTS.lessonFailed }),
              },
            },
          },
        },
        /** The lesson could not be opened (refused or offline): the message, and the list to pick again. */
        lessonFailed: { on: { 'lesson.open': open, 'lesson.close': { target: 'overview', actions: 'closeLesson' } } },
        viewing: {
          on: {
            'lesson.open': open,
            'lesson.close': { target: 'overview', actions: 'closeLesson' },
            'lesson.next': { guard: 'hasNext', target: 'opening', actions: 'openNext' },
            'lesson.complete': {
              guard: 'isNotDone',
              target: 'marking',
              actions: { type: 'tick', params: { completed: true } },
            },
            'lesson.undo': {
              guard: 'isDone',
              target: 'marking',
              actions: { type: 'tick', params: { completed: false } },
            },
            'lesson.download': { guard: 'hasFile', target: 'downloading', actions: 'clearError' },
          },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'downloadFile',
            src: 'downloadFile',
            input: ({ context }) => ({ lesson: context.lesson! }),
            onDone: { target: 'viewing' },
            onError: {
              target: 'viewing',
              actions: {
                type: 'showError',
                params: ({ event }) => ({ error: event.error, fallback: COURSE_PAGE_TEXTS.downloadFailed }),
              },
            },
          },
        },
        /** The tick is shown already; the server's answer confirms it or takes it back. */
        marking: {
          tags: ['busy'],
          invoke: {
            id: 'markLesson',
            src: 'markLesson',
            input: ({ context }) => ({ lessonId: context.lessonId!, completed: context.lesson!.completed }),
            onDone: {
              target: 'viewing',
              actions: { type: 'setProgress', params: ({ event }) => ({ progress: event.output.progress_percentage }) },
            },
            onError: {
              target: 'viewing',
              actions: [
                { type: 'tick', params: ({ context }) => ({ completed: !context.lesson!.completed }) },
                {
                  type: 'showError',
                  params: ({ event }) => ({ error: event.error, fallback: COURSE_PAGE_TEXTS.markFailed }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

export type CoursePageLogic = typeof coursePageMachine;
