import { fromPromise } from 'xstate';
import type { Course, Lesson, Submission } from '../../../contract/index.ts';
import {
  assignmentSubmissionMachine,
  type SubmitAssignmentInput,
} from '../../../machines/assignment-submission.machine.ts';
import {
  coursePageMachine,
  type DownloadFileInput,
  type LoadCourseInput,
  type LoadLessonInput,
  type MarkLessonInput,
} from '../../../machines/course-page.machine.ts';
import { submitAssignment } from '../../features/learn/api/assignments-api.ts';
import { downloadLessonFile, fetchCourse, fetchLesson, markLesson } from '../../features/learn/api/course-api.ts';
import { api } from '../../lib/api-client.ts';

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

/** One assignment's submission on the course page (decision record 051), with the upload. */
export const appAssignmentSubmissionMachine = assignmentSubmissionMachine.provide({
  actors: {
    submitAssignment: fromPromise<Submission, SubmitAssignmentInput>(({ input }) => submitAssignment(input)),
  },
});

/** A submitted file through its authenticated route, saved by the browser. */
export const downloadSubmission = (submission: Submission) => {
  if (submission.file_url) void api.download(submission.file_url, submission.file_name ?? 'submission').catch(() => {});
};
