import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { TeachBatchPage } from '../../features/teach/components/teach-batch-page.tsx';
import { TeachPage } from '../../features/teach/components/teach-page.tsx';
import { teachMachines } from '../composition/teach.ts';

/**
 * /teach and /teach/batches/{id}: login here; who may see a batch is the server's decision, and its
 * refusal (a student, another instructor's batch) is shown in its words.
 */
export const TeachRoute = () => (
  <RequireAuth>
    <TeachPage machines={teachMachines} />
  </RequireAuth>
);

/** A lesson's questions, in their own chunk (decision record 073). */
const LessonQuestions = lazy(async () => ({ default: (await import('./lesson-questions-part.tsx')).LessonQuestions }));

export function TeachBatchRoute() {
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <TeachBatchPage key={id} machines={teachMachines} batchId={id} questions={LessonQuestions} />
    </RequireAuth>
  );
}
