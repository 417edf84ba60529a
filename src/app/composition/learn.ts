import { fromPromise } from 'xstate';
import type { Course, Lesson } from '../../../contract/index.ts';
import {
  coursePageMachine,
  type DownloadFileInput,
  type LoadCourseInput,
  type LoadLessonInput,
  type MarkLessonInput,
} from '../../../machines/course-page.machine.ts';
import { downloadLessonFile, fetchCourse, fetchLesson, markLesson } from '../../features/learn/api/course-api.ts';

/** The course page's machine with the API calls. */
export const appCoursePageMachine = coursePageMachine.provide({
  actors: {
    loadCourse: fromPromise<Course, LoadCourseInput>(({ input }) => fetchCourse(input.enrollmentId)),
    loadLesson: fromPromise<Lesson, LoadLessonInput>(({ input }) => fetchLesson(input.lessonId)),
    markLesson: fromPromise<{ progress_percentage: number }, MarkLessonInput>(({ input }) =>
      markLesson(input.lessonId, input.completed),
    ),
    downloadFile: fromPromise<void, DownloadFileInput>(({ input }) => downloadLessonFile(input.lesson)),
  },
});
