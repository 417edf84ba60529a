import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  applicationStageText,
  INTERVIEW_MODE_LABELS,
  INTERVIEW_MODES,
  isErasedEmail,
  istLocalToIso,
  nextStages,
  STAGE_LABELS,
  type Application,
} from '../../../../contract/index.ts';
import { SelectField, TextField } from '../../../components/field.tsx';
import { FileLink } from '../../../components/file-link.tsx';
import { formatDate } from '../../../utils/format.ts';
import type { AdminMachines } from '../types.ts';
import { IST_HINT } from './admin-form.tsx';

type Values = { stage: string; interview_at: string; interview_mode: string; note: string };

/** The typed values as the contract's StageInput takes them (an interview's time typed in IST). */
function asInput(v: Values) {
  if (v.stage !== 'interview_scheduled') return { stage: v.stage, note: v.note };
  return {
    stage: v.stage,
    interview_at: v.interview_at ? istLocalToIso(v.interview_at) : undefined,
    interview_mode: v.interview_mode || undefined,
    note: v.note,
  };
}

/**
 * One application in an opening's Applications, on the application-stage machine: Move stage opens a form
 * offering the stages the server allows from this one; an interview asks its date-time (IST) and mode; the
 * server's refusal shows at its field, and a saved stage shows in the row.
 */
export function ApplicationStageRow({ application, machines }: { application: Application; machines: AdminMachines }) {
  const [logic] = useState(() => machines.stageFor!(application));
  const [snapshot, send] = useMachine(logic, { input: { application } });
  const { application: a, errors, saved } = snapshot.context;
  const choices = nextStages(a.stage);
  const [values, setValues] = useState<Values>({ stage: '', interview_at: '', interview_mode: '', note: '' });
  const busy = snapshot.hasTag('busy');
  const editing = snapshot.matches('editing') || busy;
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: busy,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  function open() {
    setValues({ stage: choices[0] ?? '', interview_at: '', interview_mode: '', note: '' });
    send({ type: 'stage.edit' });
  }
  function save(event: FormEvent) {
    event.preventDefault();
    send({ type: 'stage.save', values: asInput(values) as never });
  }
  return (
    <tbody>
      <tr>
        <th scope="row">{a.student_name}</th>
        <td>{isErasedEmail(a.student_email) ? '—' : a.student_email}</td>
        <td>{a.resume ? <FileLink file={a.resume} label={`Résumé: ${a.resume.file_name}`} /> : 'None'}</td>
        <td>{formatDate(a.created_at)}</td>
        <td>
          {applicationStageText(a)}
          {saved ? <span role="status"> (saved; the student is emailed)</span> : null}
        </td>
        <td>
          {choices.length > 0 && !editing ? (
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={open}
              aria-label={`Move stage: ${a.student_name}`}
            >
              Move stage
            </button>
          ) : null}
        </td>
      </tr>
      {editing ? (
        <tr>
          <td colSpan={6}>
            <form className="stage-form" onSubmit={save} noValidate aria-label={`Stage of ${a.student_name}`}>
              <SelectField
                label="Next stage"
                options={choices.map((s) => ({
                  value: s,
                  label: s === a.stage ? `${STAGE_LABELS[s]} (again: a new date or mode)` : STAGE_LABELS[s],
                }))}
                {...field('stage')}
              />
              {values.stage === 'interview_scheduled' ? (
                <>
                  <TextField
                    label="Interview date and time"
                    type="datetime-local"
                    hint={IST_HINT}
                    {...field('interview_at')}
                  />
                  <SelectField
                    label="Interview mode"
                    placeholder="Select..."
                    options={INTERVIEW_MODES.map((m) => ({ value: m, label: INTERVIEW_MODE_LABELS[m] }))}
                    {...field('interview_mode')}
                  />
                </>
              ) : null}
              <TextField label="Note (kept in the audit log)" {...field('note')} />
              <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                {busy ? 'Saving...' : 'Save stage'}
              </button>{' '}
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={busy}
                onClick={() => send({ type: 'stage.cancel' })}
              >
                Cancel
              </button>
            </form>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
