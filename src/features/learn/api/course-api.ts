import { Course, DELIVERY_PATHS, Lesson, Progress } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /classroom/enrollments/{id}/course/: the student's own course page. */
export const fetchCourse = (enrollmentId: number) => api.get(DELIVERY_PATHS.course(enrollmentId), Course);

/** GET /classroom/lessons/{id}/: one lesson with its body, url and file link. */
export const fetchLesson = (lessonId: number) => api.get(DELIVERY_PATHS.lesson(lessonId), Lesson);

/** POST (done) or DELETE (not done) /classroom/lessons/{id}/complete/: the progress the server counts. */
export async function markLesson(lessonId: number, completed: boolean) {
  const path = DELIVERY_PATHS.lessonComplete(lessonId);
  if (completed) return api.post(path, {}, Progress);
  const answer = await api.send('DELETE', path);
  return Progress.parse(answer);
}

/** A document lesson's file, through the authenticated lesson file route. */
export const downloadLessonFile = (lesson: Lesson) =>
  api.download(lesson.file ?? DELIVERY_PATHS.lessonFile(lesson.id), lesson.file_name ?? `lesson-${lesson.id}`);
