import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { StudentTest } from '../../../../contract/index.ts';
import { Badge } from '../../../components/badges.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { paths } from '../../../config/paths.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { formatDate, formatDateTime, plural } from '../../../utils/format.ts';

export const TESTS_LOAD_FAILED = 'Your tests could not be loaded.';

const STATES: Record<StudentTest['state'], [string, string]> = {
  open: ['green', 'Open'],
  upcoming: ['blue', 'Upcoming'],
  finished: ['grey', 'Finished'],
};
const ORDER: StudentTest['state'][] = ['open', 'upcoming', 'finished'];

/** The dashboard's Tests (decision records 071, 072): open, upcoming and finished, each with its link. */
export function TestsSection({ loader }: { loader: LoaderLogic<StudentTest[]> }) {
  const [snapshot, send] = useMachine(loader, { input: { failureText: TESTS_LOAD_FAILED } });
  const tests = snapshot.context.data;
  if (tests && tests.length === 0) return null;
  const sorted = [...(tests ?? [])].sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state));
  return (
    <section aria-labelledby="tests">
      <h2 id="tests" className="section-title">
        Tests
      </h2>
      <ListStatus
        loading={tests === null && snapshot.matches('loading')}
        loadingText="Loading your tests..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'loader.reload' })}
        empty={false}
        emptyText=""
      >
        <ul className="tests-list" aria-label="Your tests">
          {sorted.map((t) => (
            <li key={t.id}>
              <span>
                <strong>{t.title}</strong> <Badge colour={STATES[t.state][0]}>{STATES[t.state][1]}</Badge>
                <br />
                <span className="status-text">
                  {t.kind === 'mock' ? 'Mock test' : 'Quiz'} · {plural(t.questions, 'question')} ·{' '}
                  {plural(t.duration_minutes, 'minute')} ·{' '}
                  {t.state === 'upcoming'
                    ? `opens ${formatDateTime(t.opens_at)}`
                    : `closes ${formatDateTime(t.closes_at)}`}
                </span>
                {t.paused_due_on && t.state !== 'finished' && (
                  <>
                    <br />
                    <span className="status-text">{pausedText(t.paused_due_on)}</span>
                  </>
                )}
              </span>
              <TestLink test={t} />
            </li>
          ))}
        </ul>
      </ListStatus>
    </section>
  );
}

/** Why a paused student's test does not start (its start would be refused with 403). */
export const pausedText = (dueOn: string) =>
  `Paused: the instalment due on ${formatDate(dueOn)} is unpaid. Pay it under My Courses and you can start at once.`;

function TestLink({ test: t }: { test: StudentTest }) {
  const left = t.attempts_allowed === null || t.attempts_used < t.attempts_allowed;
  if (t.open_attempt) {
    return (
      <Link className="btn btn-primary btn-small" to={paths.test.to(t.id)} aria-label={`Continue: ${t.title}`}>
        Continue
      </Link>
    );
  }
  if (t.state === 'open' && left && !t.paused_due_on) {
    return (
      <Link
        className="btn btn-primary btn-small"
        to={paths.test.to(t.id)}
        aria-label={`${t.attempts_used ? 'Start again' : 'Start'}: ${t.title}`}
      >
        {t.attempts_used ? 'Start again' : 'Start'}
      </Link>
    );
  }
  if (t.last_attempt) {
    return (
      <Link
        className="btn btn-outline btn-small"
        to={paths.testResult.to(t.id, t.last_attempt)}
        aria-label={`See result: ${t.title}`}
      >
        See result
      </Link>
    );
  }
  return null;
}
