import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { IST_TIME_ZONE, istLocalToIso, type IncidentInput } from '../../../../contract/index.ts';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import type { PrivacyCommand } from '../api/privacy.ts';
import { IST_HINT } from './admin-form.tsx';
import { EraseNow } from './erase-now.tsx';
import type { AdminPanelProps, AdminPanelTab } from '../tabs/resource-types.ts';
import type { AdminMachines } from '../types.ts';

const HOUR_MS = 3_600_000;
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: IST_TIME_ZONE });

/** Time left until `due` (or how late), in days or hours, from `now`. */
function timeLeft(due: string, now: number): string {
  const ms = Date.parse(due) - now;
  const late = ms < 0;
  const hours = Math.abs(ms) / HOUR_MS;
  const text =
    hours >= 48 ? `${Math.floor(hours / 24)} days` : `${Math.floor(hours)} h ${Math.floor((hours % 1) * 60)} min`;
  return late ? `${text} overdue` : `${text} left`;
}

type Commands = NonNullable<AdminMachines['privacy']>;

/** One button running one command (an action machine); the answer or the failure shows beside it. */
function CommandButton({
  commands,
  command,
  label,
  onDone,
  disabled = false,
}: {
  commands: Commands;
  command: PrivacyCommand;
  label: string;
  onDone: () => void;
  disabled?: boolean;
}) {
  const [logic] = useState(() => commands.commandFor(command, onDone));
  const [snapshot, send] = useMachine(logic, { input: {} });
  return (
    <span>
      <button
        type="button"
        className="btn btn-outline btn-small"
        disabled={disabled || snapshot.hasTag('busy')}
        onClick={() => send({ type: 'action.run' })}
      >
        {label}
      </button>
      {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
    </span>
  );
}

const EMPTY_INCIDENT = {
  aware_at: '',
  data_categories: '',
  people_affected: '0',
  description: '',
  notice_text: '',
  affected_emails: '',
};

function PrivacyPanel({ machines }: AdminPanelProps) {
  const commands = machines.privacy!;
  const [snapshot, send] = useLoaderMachine(commands.overview, {});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [incident, setIncident] = useState(EMPTY_INCIDENT);
  const [generation, setGeneration] = useState(0);
  const reload = () => {
    setGeneration((g) => g + 1);
    send({ type: 'loader.reload' });
  };
  const data = snapshot.context.data;
  // The countdowns move on every minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const incidentInput = (): IncidentInput => ({
    aware_at: istLocalToIso(incident.aware_at),
    data_categories: incident.data_categories,
    people_affected: Number(incident.people_affected) || 0,
    description: incident.description,
    notice_text: incident.notice_text,
    affected_emails: incident.affected_emails.split(/[\s,]+/).filter(Boolean),
  });

  return (
    <div className="privacy-panel" key={generation}>
      {snapshot.context.error ? <Notice kind="error">{snapshot.context.error}</Notice> : null}
      <h2>Privacy requests</h2>
      <p>Oldest first. Each is due 90 days after it was received.</p>
      {data && data.requests.length === 0 ? <p role="status">No privacy requests.</p> : null}
      <ul className="privacy-requests">
        {data?.requests.map((r) => (
          <li key={r.id} className="card">
            <strong>
              #{r.id} {r.kind} · {r.username || 'account removed'} · {r.status}
            </strong>
            <div>
              Received {when(r.received_at)} · due {when(r.due_at)}
              {r.status === 'received' || r.status === 'verified' ? ` (${timeLeft(r.due_at, now)})` : ''}
            </div>
            {r.reason ? <div>Reason given: {r.reason}</div> : null}
            {r.refusal_reason ? <div>Refused: {r.refusal_reason}</div> : null}
            {r.status === 'received' ? (
              <CommandButton
                commands={commands}
                command={{ kind: 'request', id: r.id, action: { action: 'verify' } }}
                label="Identity verified"
                onDone={reload}
              />
            ) : null}
            {r.status === 'verified' && r.user_id !== null ? (
              <EraseNow commands={commands} requestId={r.id} userId={r.user_id} username={r.username} onDone={reload} />
            ) : null}
            {r.status === 'received' || r.status === 'verified' ? (
              <div>
                <TextField
                  label={`Reason for refusing #${r.id}`}
                  name={`refuse_${r.id}`}
                  value={reasons[r.id] ?? ''}
                  onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })}
                />
                <CommandButton
                  key={reasons[r.id] ?? ''}
                  commands={commands}
                  command={{ kind: 'request', id: r.id, action: { action: 'refuse', reason: reasons[r.id] ?? '' } }}
                  label="Refuse"
                  disabled={!reasons[r.id]}
                  onDone={reload}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      <h2>Breach incidents</h2>
      <ul className="incidents">
        {data?.incidents.map((i) => (
          <li key={i.id} className="card">
            <strong>
              #{i.id} aware {when(i.aware_at)} · {i.people_affected} people · {i.data_categories}
            </strong>
            <div>
              Data Protection Board detailed report due {when(i.board_report_due_at)} (
              {timeLeft(i.board_report_due_at, now)})
            </div>
            <div>{i.description}</div>
            {i.notified_at ? (
              <div>
                Notice sent {when(i.notified_at)} to {i.notified_count} people.
              </div>
            ) : (
              <CommandButton
                commands={commands}
                command={{ kind: 'notify', id: i.id }}
                label="Send the notice to the affected people"
                onDone={reload}
              />
            )}
          </li>
        ))}
      </ul>
      <form className="card" onSubmit={(e) => e.preventDefault()}>
        <h3>Record an incident</h3>
        <TextField
          label="Became aware at"
          name="aware_at"
          type="datetime-local"
          hint={IST_HINT}
          value={incident.aware_at}
          onChange={(e) => setIncident({ ...incident, aware_at: e.target.value })}
        />
        <TextField
          label="What personal data"
          name="data_categories"
          value={incident.data_categories}
          onChange={(e) => setIncident({ ...incident, data_categories: e.target.value })}
        />
        <TextField
          label="How many people"
          name="people_affected"
          type="number"
          min={0}
          value={incident.people_affected}
          onChange={(e) => setIncident({ ...incident, people_affected: e.target.value })}
        />
        <TextAreaField
          label="What happened"
          name="description"
          value={incident.description}
          onChange={(e) => setIncident({ ...incident, description: e.target.value })}
        />
        <TextAreaField
          label="Notice to the affected people: what the institute is doing, and what they can do"
          name="notice_text"
          value={incident.notice_text}
          onChange={(e) => setIncident({ ...incident, notice_text: e.target.value })}
        />
        <TextAreaField
          label="Affected addresses (empty: every account)"
          name="affected_emails"
          value={incident.affected_emails}
          onChange={(e) => setIncident({ ...incident, affected_emails: e.target.value })}
        />
        <CommandButton
          key={JSON.stringify(incident)}
          commands={commands}
          command={{ kind: 'incident', input: incidentInput() }}
          label="Record incident"
          onDone={() => {
            setIncident(EMPTY_INCIDENT);
            reload();
          }}
        />
      </form>
    </div>
  );
}

/** The Privacy tab (data protection): privacy requests and breach incidents. */
export const privacyTab: AdminPanelTab = { key: 'privacy', label: 'Privacy', panel: PrivacyPanel };
