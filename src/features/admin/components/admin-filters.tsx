import { useState, type FormEvent } from 'react';
import { useAdminChoices } from '../tabs/admin-choices.tsx';
import type { FilterSpec } from '../tabs/resource-types.ts';

type Props = {
  filters: FilterSpec[];
  values: Record<string, string>;
  onApply: (values: Record<string, string>) => void;
};

/** The filter bar of a list: applied on submit (the values go to the URL); Clear empties them. */
export function AdminFilters({ filters, values, onApply }: Props) {
  const [draft, setDraft] = useState<Record<string, string>>(values);
  const choices = useAdminChoices();
  const set = (name: string, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }
  return (
    <form className="filters" aria-label="Filters" onSubmit={submit}>
      {filters.map((filter) => {
        const id = `filter-${filter.name}`;
        return (
          <div key={filter.name} className="field">
            <label htmlFor={id}>{filter.label}</label>
            {filter.kind === 'select' ? (
              <select id={id} value={draft[filter.name] ?? ''} onChange={(e) => set(filter.name, e.target.value)}>
                <option value="">{filter.emptyLabel ?? 'All'}</option>
                {[...(filter.options ?? []), ...(filter.choices ? (choices[filter.choices] ?? []) : [])].map(
                  (option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ),
                )}
              </select>
            ) : (
              <input
                id={id}
                type={filter.kind === 'date' ? 'date' : 'search'}
                value={draft[filter.name] ?? ''}
                onChange={(e) => set(filter.name, e.target.value)}
              />
            )}
          </div>
        );
      })}
      <div className="btn-row">
        <button type="submit" className="btn btn-primary btn-small">
          Apply
        </button>
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
