import { useState } from 'react';
import { Link } from 'react-router-dom';
import { titled } from '../../../../contract/index.ts';
import type { TestAnalysis, TestAttemptRow } from '../../../../contract/assessment-analysis.ts';
import { Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import { formatDateTime, plural } from '../../../utils/format.ts';
import type { TeachTestsMachines } from '../types.ts';
import { ForInstructors } from './for-instructors.tsx';
import { TeachNav } from './teach-nav.tsx';
import { KIND, LoadFailed } from './test-labels.tsx';

const score = (a: TestAttemptRow) => (a.score === null ? 'Not scored' : `${a.score} / ${a.max_score ?? '—'}`);
const dash = (n: number | null) => (n === null ? '—' : String(n));

function Attempts({ attempts }: { attempts: TestAttemptRow[] }) {
  if (attempts.length === 0) return <p>No attempts yet.</p>;
  return (
    <ScrollTable
      label="Every attempt"
      headers={['Student', 'Attempt', 'Submitted', 'Score', 'Correct / wrong / unanswered', 'Rank', 'Tab switches']}
    >
      {attempts.map((a) => (
        <tr key={a.id}>
          <td>{a.student_name}</td>
          <td>{a.number}</td>
          <td>
            {a.submitted_at ? formatDateTime(a.submitted_at) : 'In progress'}
            {a.submitted_by === 'timer' ? ' (time up)' : ''}
          </td>
          <td>{score(a)}</td>
          <td>{[a.correct, a.wrong, a.unanswered].map(dash).join(' / ')}</td>
          <td>{dash(a.rank)}</td>
          <td>{a.events.filter((e) => e.kind === 'tab_hidden').length}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function Analysis({ analysis }: { analysis: TestAnalysis }) {
  return (
    <ScrollTable
      label="Each question’s figures"
      caption={`Over ${plural(analysis.candidates, 'scored attempt')}; the discrimination index needs at least 6.`}
      headers={['Question', 'Topic', 'Attempted', 'Share correct', 'Discrimination', 'Options chosen']}
    >
      {analysis.questions.map((q) => (
        <tr key={q.question}>
          <td>{q.text}</td>
          <td>{q.topic}</td>
          <td>{q.attempted}</td>
          <td>{q.share_correct === null ? '—' : `${q.share_correct}%`}</td>
          <td>{dash(q.discrimination_index)}</td>
          <td>
            {Object.entries(q.option_counts)
              .map(([id, n]) => `${id}: ${n}`)
              .join(' · ') || '—'}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** /teach/tests/:id: every attempt, the per-question analysis and the scores as CSV. */
export function TeachTestPage({ machines, testId }: { machines: TeachTestsMachines; testId: string }) {
  const [snapshot, send] = useLoaderMachine(machines.report, { params: { id: testId } });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { data, error } = snapshot.context;
  const report = data?.ok ? data.data : null;
  useDocumentTitle(titled(report ? report.test.title : 'Test'));
  if (!data && snapshot.matches('loading')) return <PageLoading text="Loading the test..." />;
  if (data && !data.ok) return <ForInstructors message={data.message} />;
  if (!report) {
    return (
      <div className="container page">
        <LoadFailed error={error} retry={() => send({ type: 'loader.reload' })} />
      </div>
    );
  }
  const { test, attempts, analysis } = report;
  function download() {
    setDownloadError(null);
    machines
      .downloadScores(test.id)
      .catch(() => setDownloadError('The scores could not be downloaded. Please try again.'));
  }
  return (
    <div className="container page">
      <TeachNav />
      <p>
        <Link to={paths.teachTests}>← Tests</Link>
      </p>
      <h1>{test.title}</h1>
      <p className="meta">
        {KIND[test.kind]} · {formatDateTime(test.opens_at)} – {formatDateTime(test.closes_at)} · pass mark{' '}
        {test.pass_percent}%
      </p>
      <section aria-labelledby="test-attempts">
        <h2 id="test-attempts">Attempts</h2>
        <button type="button" className="btn btn-outline btn-small" onClick={download}>
          Download scores (CSV)
        </button>
        {downloadError ? <Notice kind="error">{downloadError}</Notice> : null}
        <Attempts attempts={attempts} />
      </section>
      <section aria-labelledby="test-analysis">
        <h2 id="test-analysis">Question analysis</h2>
        <Analysis analysis={analysis} />
      </section>
    </div>
  );
}
