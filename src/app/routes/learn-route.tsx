import { useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { CoursePage } from '../../features/learn/components/course-page.tsx';
import { appAssignmentSubmissionMachine, appCoursePageMachine, downloadSubmission } from '../composition/learn.ts';

const ASSIGNMENTS = { logic: appAssignmentSubmissionMachine, onDownload: downloadSubmission };

/** /learn/:enrollmentId — the student's course page; a new machine for each enrollment (the key). */
export function LearnRoute() {
  const { enrollmentId = '' } = useParams();
  return (
    <RequireAuth>
      <CoursePage
        key={enrollmentId}
        logic={appCoursePageMachine}
        enrollmentId={enrollmentId}
        assignments={ASSIGNMENTS}
      />
    </RequireAuth>
  );
}
