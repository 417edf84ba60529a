import { useState, type FormEvent } from 'react';
import { CheckField, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { validate, type FieldErrors } from '../../../lib/validation.ts';
import { toPayload } from '../tabs/form-values.ts';
import { MultiSelectField } from './multi-select-field.tsx';
import { useAdminChoices } from '../tabs/admin-choices.tsx';
import type { AdminResource, FieldSpec, FormValues } from '../tabs/resource-types.ts';
import { IST_NAME } from '../../../../contract/time.ts';

type Props = {
  form: NonNullable<AdminResource['form']>;
  initial: FormValues;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
  /** The submit button's words (default Save): "Move due date", "Revoke". */
  submitLabel?: string;
};

/** Add/edit form of any content tab, validated with the tab's contract schema (spec section 5). */
export function AdminForm({ form, initial, saving, serverErrors, onSubmit, onCancel, submitLabel }: Props) {
  const choices = useAdminChoices();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(form.schema, toPayload(form.fields, values));
    if (!result.ok) return setErrors(asSentences(form.fields, result.errors));
    setErrors({});
    onSubmit(result.data as Record<string, unknown>);
  }

  return (
    <form onSubmit={submit} noValidate>
      {form.fields.map((field) => (
        <FormField
          key={field.name}
          field={field.choices ? { ...field, options: choices[field.choices] } : field}
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
          {saving ? 'Saving...' : (submitLabel ?? 'Save')}
        </button>
      </footer>
    </form>
  );
}

/**
 * The contract's messages name the API's values ("Level must be one of: beginner, ..."; "Date must be an
 * ISO date-time."), right for a program calling the API; a person filling this form picks a label from a
 * list or a date from a picker, so those two read as what to do.
 */
function asSentences(fields: FieldSpec[], errors: FieldErrors): FieldErrors {
  const out: FieldErrors = { ...errors };
  for (const field of fields) {
    const message = out[field.name];
    if (!message) continue;
    const what = field.label.replace(/\s*\(.*\)$/, '').toLowerCase();
    if (field.kind === 'select' && message.includes('must be one of')) out[field.name] = `Choose the ${what}.`;
    if (field.kind === 'datetime' && message.includes('ISO')) out[field.name] = `Enter the ${what}.`;
  }
  return out;
}

/** What the server accepts (it checks the bytes, not this list). */
const RESOURCE_FILE_TYPES = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.png,.jpg,.jpeg,.gif,.webp';

/** Every date-time input of the office says its zone (the browser's own may differ). */
export const IST_HINT = IST_NAME;

type FieldProps = {
  field: FieldSpec;
  value: string | boolean | File;
  error?: string;
  disabled: boolean;
  onChange: (value: string | boolean | File) => void;
};

export function FormField({ field, value, error, disabled, onChange }: FieldProps) {
  const common = { label: field.label, name: field.name, required: field.required, disabled, error };
  if (field.kind === 'file') {
    return (
      <TextField
        {...common}
        type="file"
        accept={field.accept ?? RESOURCE_FILE_TYPES}
        hint={
          value instanceof File
            ? `${value.name} is uploaded when you save.`
            : (field.hint ?? 'PDF, office document or image.')
        }
        onChange={(e) => onChange(e.target.files?.[0] ?? '')}
      />
    );
  }
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
  if (field.kind === 'multiselect') {
    return <MultiSelectField {...common} options={field.options ?? []} value={String(value)} onChange={onChange} />;
  }
  if (field.kind === 'select') {
    return (
      <SelectField
        {...common}
        options={field.options ?? []}
        placeholder={field.choices ? 'None' : 'Select...'}
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
      hint={field.kind === 'datetime' ? IST_HINT : undefined}
      step={field.kind === 'number' ? 'any' : undefined}
      value={String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
