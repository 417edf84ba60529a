import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { AttemptResult } from '../../../../contract/index.ts';
import { titled } from '../../../../contract/page-titles.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import type { ResultAnswer } from '../api/exams-api.ts';
import { ResultQuestions } from './result-questions.tsx';

export const RESULT_LOAD_FAILED = 'The result could not be loaded. Check your connection and try again.';

const score = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** /tests/:id/result/:attempt — the kept result, or when it will be published (results_at in the future). */
export function ResultPage({ logic, attemptId }: { logic: LoaderLogic<ResultAnswer>; attemptId: number }) {
  const [snapshot, send] = useMachine(logic, { input: { params: { attemptId }, failureText: RESULT_LOAD_FAILED } });
  const answer = snapshot.context.data;
  useDocumentTitle(answer?.kind === 'result' ? titled(`Result: ${answer.result.title}`) : titled('Test result'));
  return (
    <div className="container exam-result">
      <ListStatus
        loading={answer === null && snapshot.matches('loading')}
        loadingText="Loading your result..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'loader.reload' })}
        empty={false}
        emptyText=""
      >
        {answer?.kind === 'later' ? (
          <section>
            <h1>Your answers are submitted</h1>
            <p>{answer.message}</p>
            <p>
              <Link to={paths.dashboard}>Back to your dashboard</Link>
            </p>
          </section>
        ) : answer ? (
          <Result result={answer.result} />
        ) : null}
      </ListStatus>
    </div>
  );
}

function Result({ result: r }: { result: AttemptResult }) {
  return (
    <>
      <header className="page-header">
        <h1>Result: {r.title}</h1>
        <p>
          <Link to={paths.dashboard}>Back to your dashboard</Link>
        </p>
      </header>
      <dl className="exam-result-figures">
        <div>
          <dt>Score</dt>
          <dd>
            {score(r.score)} of {score(r.max_score)} ({score(r.percent)}%){r.passed ? ', passed' : ''}
          </dd>
        </div>
        <div>
          <dt>Correct</dt>
          <dd>{r.correct}</dd>
        </div>
        <div>
          <dt>Wrong</dt>
          <dd>{r.wrong}</dd>
        </div>
        <div>
          <dt>Unanswered</dt>
          <dd>{r.unanswered}</dd>
        </div>
        {r.rank !== null ? (
          <div>
            <dt>Rank</dt>
            <dd>
              {r.rank}
              {r.candidates !== null ? ` of ${r.candidates} candidates` : ''}
            </dd>
          </div>
        ) : null}
        {r.percentile !== null ? (
          <div>
            <dt>Percentile</dt>
            <dd>{r.percentile}</dd>
          </div>
        ) : null}
      </dl>
      {r.kind === 'mock' && r.rank === null ? (
        <p className="status-text">Your rank and percentile are computed when the test closes.</p>
      ) : null}
      <h2 className="section-title">Sections</h2>
      {/* Focusable so a keyboard can scroll it sideways on a phone. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="exam-table-wrap" role="region" aria-label="Section scores" tabIndex={0}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col">Score</th>
              <th scope="col">Correct</th>
              <th scope="col">Wrong</th>
              <th scope="col">Unanswered</th>
            </tr>
          </thead>
          <tbody>
            {r.sections.map((s) => (
              <tr key={s.title}>
                <th scope="row">{s.title}</th>
                <td>
                  {score(s.score)} of {score(s.max_score)}
                </td>
                <td>{s.correct}</td>
                <td>{s.wrong}</td>
                <td>{s.unanswered}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ResultQuestions questions={r.questions} />
    </>
  );
}
