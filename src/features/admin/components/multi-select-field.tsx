import { useId, useState } from 'react';

type Option = { value: string; label: string };

type Props = {
  label: string;
  name: string;
  options: Option[];
  /** The chosen values joined with ", " (what the form holds and its schema reads). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
};

const split = (value: string) =>
  value
    .split(/[\s,]+/)
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Several options chosen by title (a coupon's programs and workshops): the chosen ones listed with a
 * Remove button each, a search box that narrows the options, and a checkbox per option. The value stays
 * a string of the chosen values, so the form and its schema read it as before.
 */
export function MultiSelectField({ label, name, options, value, onChange, error, disabled }: Props) {
  const id = useId();
  const [search, setSearch] = useState('');
  const chosen = split(value);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const set = (next: string[]) => onChange(next.join(', '));
  const toggle = (v: string) => set(chosen.includes(v) ? chosen.filter((c) => c !== v) : [...chosen, v]);
  const words = search.trim().toLowerCase();
  const shown = options.filter((o) => o.label.toLowerCase().includes(words));
  return (
    <fieldset className="field multi-select" aria-describedby={error ? `${id}-e` : undefined}>
      <legend>{label}</legend>
      {chosen.length > 0 ? (
        <ul className="chosen" aria-label={`Chosen: ${label}`}>
          {chosen.map((v) => (
            <li key={v}>
              {labelOf(v)}
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={disabled}
                aria-label={`Remove ${labelOf(v)}`}
                onClick={() => toggle(v)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-s`}>Search by title</label>
      <input
        id={`${id}-s`}
        type="search"
        name={`${name}_search`}
        value={search}
        disabled={disabled}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="multi-select-options" aria-label={`${label}: options`}>
        {shown.map((o) => (
          <li key={o.value} className="check">
            <input
              id={`${id}-${o.value}`}
              type="checkbox"
              checked={chosen.includes(o.value)}
              disabled={disabled}
              onChange={() => toggle(o.value)}
            />
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </li>
        ))}
        {shown.length === 0 ? <li className="hint">No program or workshop has “{search}” in its title.</li> : null}
      </ul>
      {error ? (
        <p id={`${id}-e`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
