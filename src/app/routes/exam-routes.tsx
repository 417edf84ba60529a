import { useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { ExamPage } from '../../features/exams/components/exam-page.tsx';
import { ResultPage } from '../../features/exams/components/result-page.tsx';
import { examMachines } from '../composition/exams.ts';

/** /tests/:id — the student's exam screen (a new machine for each test: the key). */
export function ExamRoute() {
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <ExamPage key={id} machines={examMachines} testId={Number(id)} />
    </RequireAuth>
  );
}

/** /tests/:id/result/:attempt — the attempt's result, or when it will be published. */
export function ExamResultRoute() {
  const { attempt = '' } = useParams();
  return (
    <RequireAuth>
      <ResultPage key={attempt} logic={examMachines.result} attemptId={Number(attempt)} />
    </RequireAuth>
  );
}
