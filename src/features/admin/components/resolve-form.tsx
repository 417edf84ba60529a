import { useState, type FormEvent } from 'react';
import { FAILURE_REASON_LABELS, ResolveInput, STATUS_LABELS, type Status } from '../../../../contract/index.ts';
import { CheckField, optionsOf, SelectField, TextAreaField } from '../../../components/field.tsx';
import { validate, type FieldErrors } from '../../../lib/validation.ts';
import type { AdminResource } from '../tabs/resource-types.ts';
import type { AdminMachines } from '../types.ts';
import { ResolveImpact } from './resolve-impact.tsx';

type Issue = {
  id: number;
  status: Status;
  admin_notes: string;
  is_urgent: boolean;
  failure_reason?: string | null;
  issue_description?: string;
};

type Props = {
  resource: AdminResource;
  item: unknown;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
  /** The enrollment impact's loader, for what a resolve without access touches. */
  machines?: AdminMachines;
};

/** The statuses that keep a student's access to the course (the server's rule: enrollments/service.ts). */
const ACCESS = new Set(['active', 'completed']);

/** Resolve an enrollment or a payment (spec section 5): status, reason or issue, notes, urgent. */
export function ResolveForm({ resource, item, saving, serverErrors, onSubmit, onCancel, machines }: Props) {
  const issue = item as Issue;
  const isPayment = resource.key === 'payments';
  const [values, setValues] = useState({
    status: issue.status as string,
    failure_reason: issue.failure_reason ?? '',
    issue_description: issue.issue_description ?? '',
    admin_notes: issue.admin_notes ?? '',
    is_urgent: issue.is_urgent,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const losesAccess =
    resource.key === 'enrollments' && ACCESS.has(issue.status) && values.status !== '' && !ACCESS.has(values.status);
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const payload = isPayment
      ? {
          status: values.status,
          admin_notes: values.admin_notes,
          failure_reason: values.failure_reason,
          is_urgent: values.is_urgent,
        }
      : {
          status: values.status,
          admin_notes: values.admin_notes,
          issue_description: values.issue_description,
          is_urgent: values.is_urgent,
        };
    const result = validate(ResolveInput, payload);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.data as Record<string, unknown>);
  }

  return (
    <form onSubmit={submit} noValidate>
      <SelectField
        label="Status"
        name="status"
        required
        options={optionsOf(STATUS_LABELS)}
        placeholder="Select..."
        value={values.status}
        error={shown.status}
        disabled={saving}
        onChange={(e) => set({ status: e.target.value })}
      />
      {losesAccess && machines?.enrollmentImpact ? (
        <ResolveImpact id={issue.id} loader={machines.enrollmentImpact} />
      ) : null}
      {isPayment ? (
        <SelectField
          label="Failure reason"
          name="failure_reason"
          options={optionsOf(FAILURE_REASON_LABELS)}
          placeholder="None"
          value={values.failure_reason}
          error={shown.failure_reason}
          disabled={saving}
          onChange={(e) => set({ failure_reason: e.target.value })}
        />
      ) : (
        <TextAreaField
          label="Issue description"
          name="issue_description"
          value={values.issue_description}
          error={shown.issue_description}
          disabled={saving}
          onChange={(e) => set({ issue_description: e.target.value })}
        />
      )}
      <TextAreaField
        label="Admin notes"
        name="admin_notes"
        value={values.admin_notes}
        error={shown.admin_notes}
        disabled={saving}
        onChange={(e) => set({ admin_notes: e.target.value })}
      />
      <CheckField
        label="Urgent"
        name="is_urgent"
        checked={values.is_urgent}
        disabled={saving}
        onChange={(e) => set({ is_urgent: e.target.checked })}
      />
      <footer>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Resolve'}
        </button>
      </footer>
    </form>
  );
}
