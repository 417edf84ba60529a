import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { ScholarshipInput, type AdminUser } from '../../../../contract/index.ts';
import { SelectField, TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import type { AdminMachines } from '../types.ts';

type Values = { course_type: string; course: string; kind: string; value: string; reason: string };
const EMPTY: Values = { course_type: 'program', course: '', kind: 'percent', value: '', reason: '' };

const asInput = (v: Values) => ({
  course_type: v.course_type,
  course: Number(v.course) || undefined,
  kind: v.kind,
  value: Number(v.value) || undefined,
  reason: v.reason,
});

/**
 * In a student's Grant scholarship dialog (their row in Users) and View dialog: grant a scholarship for one course (decision record 053), a percentage
 * or whole rupees off, with the reason the audit log keeps. It applies by itself at that student's checkout.
 */
export function GrantScholarship({ user, machines }: { user: AdminUser; machines: AdminMachines }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof Values, string>>>({});
  const field = (name: keyof Values) => ({
    name: `scholarship_${name}`,
    value: values[name],
    error: problems[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  return (
    <fieldset className="grant-scholarship">
      <legend>Grant scholarship</legend>
      <SelectField
        label="Course type"
        options={[
          { value: 'program', label: 'Program' },
          { value: 'workshop', label: 'Workshop' },
        ]}
        {...field('course_type')}
      />
      <TextField label="Program or workshop ID" inputMode="numeric" {...field('course')} />
      <SelectField
        label="Kind"
        options={[
          { value: 'percent', label: 'Percent off' },
          { value: 'fixed', label: 'Rupees off' },
        ]}
        {...field('kind')}
      />
      <TextField label="Value (percent, or whole rupees)" inputMode="numeric" {...field('value')} />
      <TextField label="Reason" hint="Kept in the audit log" {...field('reason')} />
      {/* One action machine per set of values (the call carries them); a change starts afresh. */}
      <GrantButton
        key={JSON.stringify(values)}
        user={user}
        machines={machines}
        values={values}
        onProblems={setProblems}
      />
    </fieldset>
  );
}

function GrantButton({
  user,
  machines,
  values,
  onProblems,
}: {
  user: AdminUser;
  machines: AdminMachines;
  values: Values;
  onProblems: (problems: Partial<Record<keyof Values, string>>) => void;
}) {
  const [logic] = useState(() => machines.scholarshipFor!(user.id, asInput(values) as ScholarshipInput));
  const [snapshot, send] = useMachine(logic, { input: {} });
  const running = snapshot.hasTag('busy');
  if (snapshot.matches('done')) return <Notice kind="success">{snapshot.context.output}</Notice>;

  function grant() {
    // The contract's rules, before anything is sent.
    const checked = ScholarshipInput.safeParse(asInput(values));
    const problems: Partial<Record<keyof Values, string>> = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'reason') as keyof Values;
        problems[key] ??= issue.code === 'invalid_type' ? 'Required.' : issue.message;
      }
    }
    onProblems(problems);
    if (checked.success) send({ type: 'action.run' });
  }

  return (
    <>
      {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
      <button type="button" className="btn btn-outline btn-small" onClick={grant} disabled={running}>
        {running ? 'Granting...' : 'Grant scholarship'}
      </button>
    </>
  );
}
