import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PrivacySettingsLogic } from '../../../../machines/privacy-settings.machine.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { IST_TIME_ZONE } from '../../../../contract/time.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: IST_TIME_ZONE });

/**
 * The student's data-protection controls, self-contained so any account page can embed it: each consent
 * with a one-click Give / Withdraw, the consent history, the data export download, and the erasure
 * request (the password again). Driven by privacySettingsMachine.
 */
export function PrivacySettings({ logic }: { logic: PrivacySettingsLogic }) {
  const [snapshot, send] = useMachine(logic);
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const { consents, request, error, errorAt, notice } = snapshot.context;
  // A failure shows in the part that failed, focused (decision 068).
  const errorIn = (part: typeof errorAt) => (error && errorAt === part ? <FormError>{error}</FormError> : null);
  const busy = snapshot.hasTag('busy');

  if (snapshot.matches('loading')) return <p role="status">Loading your privacy settings...</p>;
  if (snapshot.matches('loadFailed')) {
    return (
      <Notice kind="error">
        {error}{' '}
        <button type="button" className="btn btn-outline btn-small" onClick={() => send({ type: 'privacy.retry' })}>
          Try again
        </button>
      </Notice>
    );
  }

  function onErase(event: FormEvent) {
    event.preventDefault();
    send({ type: 'erasure.submit', password, ...(reason ? { reason } : {}) });
  }

  return (
    <section className="privacy-settings" aria-labelledby="privacy-settings-title">
      <h2 id="privacy-settings-title">Privacy and your data</h2>

      <div className="card">
        <h3>Your consents</h3>
        <p>
          Under privacy notice version {consents?.notice_version}. Receipts, invoices and class reminders are part of
          the service and need no consent. <Link to="/privacy">Read the notice</Link>.
        </p>
        {consents?.minor ? (
          <p className="hint">You are under 18: we send you no marketing, whatever is chosen here.</p>
        ) : null}
        <ul className="consent-list">
          {consents?.purposes.map((p) => (
            <li key={p.purpose}>
              <span>
                {p.label}: <strong>{p.granted ? 'given' : 'not given'}</strong>
              </span>
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={busy}
                onClick={() => send({ type: 'consent.toggle', purpose: p.purpose, granted: !p.granted })}
              >
                {p.granted ? 'Withdraw' : 'Give consent'}
              </button>
            </li>
          ))}
        </ul>
        {errorIn('consents')}
        {consents && consents.history.length > 0 ? (
          <details>
            <summary>History</summary>
            <ul>
              {consents.history.map((h, i) => (
                <li key={i}>
                  {when(h.created_at)}: {h.purpose} {h.granted ? 'given' : 'withdrawn'} ({h.source}, notice{' '}
                  {h.notice_version})
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>

      <div className="card">
        <h3>Download your data</h3>
        <p>A zip file with everything we hold about you, as JSON and CSV.</p>
        {errorIn('export')}
        {notice ? <Notice kind="success">{notice}</Notice> : null}
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => send({ type: 'export.run' })}>
          {snapshot.matches('exporting') ? 'Preparing...' : 'Download my data'}
        </button>
      </div>

      <div className="card">
        <h3>Erase my data</h3>
        {request ? (
          <p role="status">
            We received your erasure request on {when(request.received_at)} and will complete it by{' '}
            {when(request.due_at)}. We will email you when it is done.
          </p>
        ) : (
          <form method="post" onSubmit={onErase} noValidate>
            <p>
              Your name, email and phone are replaced and your account closed. Invoices stay, as GST law requires.
              Confirm with your password.
            </p>
            <TextField
              label="Password"
              name="erasure_password"
              type="password"
              autoComplete="current-password"
              value={password}
              required
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              label="Reason (optional)"
              name="erasure_reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            {errorIn('erasure')}
            <button type="submit" className="btn btn-outline" disabled={busy || password === ''}>
              {snapshot.matches('erasing') ? 'Sending...' : 'Ask for erasure'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
