import { useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { AssignmentListPage } from '../../features/assignments/components/assignment-list-page.tsx';
import { GradingPage } from '../../features/assignments/components/grading-page.tsx';
import { paths } from '../../config/paths.ts';
import { downloadSubmission } from '../composition/learn.ts';
import { appAssignmentListMachine, appGradingMachine } from '../composition/teach-assignments.ts';

/** /teach/batches/:batchId/assignments — a batch's assignments (the server decides who may see them). */
export function TeachBatchAssignmentsRoute() {
  const { batchId = '' } = useParams();
  return (
    <RequireAuth>
      <AssignmentListPage
        key={batchId}
        logic={appAssignmentListMachine}
        batchId={batchId}
        assignmentPath={paths.teachAssignment.to}
      />
    </RequireAuth>
  );
}

/** /teach/assignments/:assignmentId — the submissions of one assignment and the grade form. */
export function TeachAssignmentRoute() {
  const { assignmentId = '' } = useParams();
  return (
    <RequireAuth>
      <GradingPage
        key={assignmentId}
        logic={appGradingMachine}
        assignmentId={assignmentId}
        onDownload={downloadSubmission}
        batchAssignmentsPath={paths.teachBatchAssignments.to}
      />
    </RequireAuth>
  );
}
