import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { CoursePage } from '../../features/learn/components/course-page.tsx';
import { appAssignmentSubmissionMachine, appCoursePageMachine, downloadSubmission } from '../composition/learn.ts';

const ASSIGNMENTS = { logic: appAssignmentSubmissionMachine, onDownload: downloadSubmission };
/** The open lesson's questions, in their own chunk (decision record 073). */
const LessonQuestions = lazy(async () => ({ default: (await import('./lesson-questions-part.tsx')).LessonQuestions }));

/** The course page's own address, the one the server sends its frame policy with. */
const COURSE_DOCUMENT = /^\/learn\/\d{1,9}\/?$/;

/**
 * Whether this document was loaded as a course page. Only the course page's answer lets frames show the
 * lesson video players (decision record 066): a document loaded as another page keeps `frame-src 'none'`
 * for its whole life, so a course page reached inside the app from there is loaded afresh.
 */
function loadedAsCoursePage(): boolean {
  const entry =
    typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation')[0] : undefined;
  if (!entry?.name) return true;
  try {
    return COURSE_DOCUMENT.test(new URL(entry.name).pathname);
  } catch {
    return true;
  }
}

/** /learn/:enrollmentId — the student's course page; a new machine for each enrollment (the key). */
export function LearnRoute() {
  const { enrollmentId = '' } = useParams();
  if (!loadedAsCoursePage()) {
    window.location.replace(window.location.href);
    return null;
  }
  return (
    <RequireAuth>
      <CoursePage
        key={enrollmentId}
        logic={appCoursePageMachine}
        enrollmentId={enrollmentId}
        assignments={ASSIGNMENTS}
        questions={LessonQuestions}
      />
    </RequireAuth>
  );
}
