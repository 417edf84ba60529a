import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { ListStatus } from '../../../components/list-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { titled } from '../../../../contract/page-titles.ts';
import type { ExamMachines } from '../types.ts';
import { ExamScreen } from './exam-screen.tsx';

export const EXAM_OPEN_FAILED = 'The test could not be opened. Check your connection and try again.';

/**
 * /tests/:id — resumes the student's open attempt or starts one (the server fixes its order and end), then
 * the exam screen; a test that cannot be taken now says why and links to the last result.
 */
export function ExamPage({ machines, testId }: { machines: ExamMachines; testId: number }) {
  const [snapshot, send] = useMachine(machines.opening, {
    input: { params: { testId }, failureText: EXAM_OPEN_FAILED },
  });
  const opening = snapshot.context.data;
  const title = opening?.kind === 'attempt' ? opening.title : opening?.test?.title;
  useDocumentTitle(title ? titled(title) : null);
  return (
    <div className="container exam-page">
      <ListStatus
        loading={opening === null && snapshot.matches('loading')}
        loadingText="Opening the test..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'loader.reload' })}
        empty={false}
        emptyText=""
      >
        {opening?.kind === 'attempt' ? (
          <ExamScreen key={opening.attemptId} logic={machines.attempt} testId={testId} attemptId={opening.attemptId} />
        ) : opening ? (
          <section className="exam-closed">
            <h1>{opening.test?.title ?? 'Test'}</h1>
            <p>{opening.reason}</p>
            <p className="btn-row">
              {opening.test?.last_attempt ? (
                <Link className="btn btn-primary" to={paths.testResult.to(testId, opening.test.last_attempt)}>
                  See your result
                </Link>
              ) : null}
              <Link className="btn btn-outline" to={paths.dashboard}>
                Back to your dashboard
              </Link>
            </p>
          </section>
        ) : null}
      </ListStatus>
    </div>
  );
}
