import { useState, type FormEvent } from 'react';
import { CheckField, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { validate, type FieldErrors } from '../../../lib/validation.ts';
import { toPayload } from '../api/form-values.ts';
import type { AdminResource, FieldSpec, FormValues } from '../api/resource-types.ts';

type Props = {
  form: NonNullable<AdminResource['form']>;
  initial: FormValues;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
};

/** Add/edit form of any content tab, validated with the tab's contract schema (spec section 5). */
export function AdminForm({ form, initial, saving, serverErrors, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(form.schema, toPayload(form.fields, values));
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.data as Record<string, unknown>);
  }

  return (
    <form onSubmit={submit} noValidate>
      {form.fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          value={values[field.name] ?? ''}
          error={shown[field.name]}
          disabled={saving}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      <footer>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </footer>
    </form>
  );
}

type FieldProps = {
  field: FieldSpec;
  value: string | boolean;
  error?: string;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
};

export function FormField({ field, value, error, disabled, onChange }: FieldProps) {
  const common = { label: field.label, name: field.name, required: field.required, disabled, error };
  if (field.kind === 'checkbox') {
    return (
      <CheckField
        label={field.label}
        name={field.name}
        checked={Boolean(value)}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  if (field.kind === 'textarea') {
    return <TextAreaField {...common} value={String(value)} onChange={(e) => onChange(e.target.value)} />;
  }
  if (field.kind === 'select') {
    return (
      <SelectField
        {...common}
        options={field.options ?? []}
        placeholder="Select..."
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const type = field.kind === 'datetime' ? 'datetime-local' : field.kind;
  return (
    <TextField
      {...common}
      type={type}
      step={field.kind === 'number' ? 'any' : undefined}
      value={String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
