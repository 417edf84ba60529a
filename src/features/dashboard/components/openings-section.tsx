import { useMachine } from '@xstate/react';
import { useState } from 'react';
import {
  applicationStageText,
  OPENING_UI_MESSAGES,
  type Application,
  type StudentOpening,
} from '../../../../contract/index.ts';
import { FileLink } from '../../../components/file-link.tsx';
import { lakh } from '../../../components/placement-figures.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDate } from '../../../utils/format.ts';
import type { OpeningsMachines } from '../types.ts';
import { ApplicationForm } from './application-form.tsx';
import { WithdrawApplication } from './withdraw-application.tsx';

/** An application the student may still withdraw (the server's rule: in progress). */
const IN_PROGRESS: Application['stage'][] = ['applied', 'shortlisted', 'interview_scheduled'];

/**
 * The Placement section's Openings and My applications (decision record 078): the open openings of the
 * student's programs and batches with Apply (a cover note and the résumé, a PDF of at most `maxBytes`), and
 * each application's stage as a person reads it, its résumé, and Withdraw while it is in progress.
 * Applying or withdrawing reloads both lists.
 */
export function OpeningsSection({ machines, maxBytes }: { machines: OpeningsMachines; maxBytes: number }) {
  const [snapshot, send] = useMachine(machines.loader, { input: { failureText: OPENING_UI_MESSAGES.loadFailed } });
  const reload = () => send({ type: 'loader.reload' });
  const [notice, setNotice] = useState<string | null>(null);
  const data = snapshot.context.data;
  const applied = () => {
    setNotice(OPENING_UI_MESSAGES.applied);
    reload();
  };
  return (
    <>
      <h3 id="openings">Openings</h3>
      {notice ? (
        <Notice kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Notice>
      ) : null}
      <ListStatus
        loading={data === null && snapshot.matches('loading')}
        loadingText="Loading the openings..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={reload}
        empty={false}
        emptyText=""
      >
        {data ? (
          <>
            {data.openings.length === 0 ? (
              <p className="status-text">No opening is open to your batches right now.</p>
            ) : (
              <ul className="opening-list" aria-labelledby="openings">
                {data.openings.map((o) => (
                  <OpeningItem key={o.id} opening={o} machines={machines} maxBytes={maxBytes} onApplied={applied} />
                ))}
              </ul>
            )}
            <h3 id="my-applications">My applications</h3>
            {data.applications.length === 0 ? (
              <p className="status-text">You have not applied to an opening yet.</p>
            ) : (
              <ul className="application-list" aria-labelledby="my-applications">
                {data.applications.map((a) => (
                  <li key={`${a.id}-${a.stage}`}>
                    <strong>{a.opening_title}</strong>, {a.employer_name}: {applicationStageText(a)}{' '}
                    {a.resume ? <FileLink file={a.resume} label={`Résumé: ${a.resume.file_name}`} /> : null}{' '}
                    {IN_PROGRESS.includes(a.stage) ? (
                      <WithdrawApplication application={a} machines={machines} onDone={reload} />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </ListStatus>
    </>
  );
}

function OpeningItem({
  opening: o,
  machines,
  maxBytes,
  onApplied,
}: {
  opening: StudentOpening;
  machines: OpeningsMachines;
  maxBytes: number;
  onApplied: () => void;
}) {
  return (
    <li className="opening">
      <h4>
        {o.title}, {o.employer_name}
      </h4>
      <p>
        {o.location ? `${o.location} · ` : ''}
        {o.ctc_min === o.ctc_max ? lakh(o.ctc_min) : `${lakh(o.ctc_min)} to ${lakh(o.ctc_max)}`} a year · Apply by{' '}
        {formatDate(o.deadline)}, 11:59 pm IST
      </p>
      {/* The office's text, shown as typed (React escapes it; line breaks kept). */}
      {o.description ? <p className="opening-description">{o.description}</p> : null}
      {o.application ? (
        <p>
          Your application: <strong>{applicationStageText(o.application)}</strong>
        </p>
      ) : (
        <ApplicationForm opening={o} machines={machines} maxBytes={maxBytes} onApplied={onApplied} />
      )}
    </li>
  );
}
