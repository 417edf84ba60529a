import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { announcedTo } from '../../../../contract/notifications.ts';
import type { AnnouncementLogic } from '../../../../machines/form-submit.machine.ts';
import { CheckField, TextAreaField, TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';

const EMPTY = { title: '', body: '', urgent: false };

/**
 * Announce to the batch (decision record 073): a title, a Markdown body and "urgent" (sent even in quiet
 * hours). Every active student of the batch gets it in the app and on the channels they chose; once
 * posted, the form empties and says how many students it reached. Refusals show at the field or inside
 * the form.
 */
export function AnnouncementComposer({ logic }: { logic: AnnouncementLogic }) {
  const [values, setValues] = useState(EMPTY);
  const [reached, setReached] = useState<number | null>(null);
  const [instance] = useState(() =>
    logic.provide({
      actions: {
        submitted: (_, { output }) => {
          setValues(EMPTY);
          setReached(output.recipients);
        },
      },
    }),
  );
  const [form, send] = useMachine(instance);
  const { errors, failure } = form.context;
  const busy = form.hasTag('busy');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit', values });
  };
  return (
    <form
      className="card announcement-composer"
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="announce-title"
    >
      <h2 id="announce-title">Announce to the batch</h2>
      <TextField
        label="Title"
        name="announcement_title"
        value={values.title}
        error={errors.title}
        maxLength={120}
        required
        onChange={(e) => setValues({ ...values, title: e.target.value })}
      />
      <TextAreaField
        label="Message (Markdown: **bold**, lists, links)"
        name="announcement_body"
        value={values.body}
        error={errors.body}
        rows={5}
        required
        onChange={(e) => setValues({ ...values, body: e.target.value })}
      />
      <CheckField
        label="Urgent: sent at once, even in quiet hours (21:00–09:00 IST)"
        name="announcement_urgent"
        checked={values.urgent}
        onChange={(e) => setValues({ ...values, urgent: e.target.checked })}
      />
      {form.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
      {form.matches('done') && reached !== null ? <Notice kind="success">{announcedTo(reached)}</Notice> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Posting...' : 'Post announcement'}
      </button>
    </form>
  );
}
