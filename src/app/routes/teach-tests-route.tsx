import { useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { TeachTestPage } from '../../features/teach/components/teach-test-report.tsx';
import { TeachTestsPage } from '../../features/teach/components/teach-tests-page.tsx';
import { teachTestsMachines } from '../composition/teach-tests.ts';

/** /teach/tests: the tests of the programs taught (the server decides whose). */
export const TeachTestsRoute = () => (
  <RequireAuth>
    <TeachTestsPage machines={teachTestsMachines} />
  </RequireAuth>
);

/** /teach/tests/:id: a test's attempts, analysis and scores CSV. */
export function TeachTestRoute() {
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <TeachTestPage key={id} machines={teachTestsMachines} testId={id} />
    </RequireAuth>
  );
}
