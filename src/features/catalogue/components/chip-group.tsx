import { useId } from 'react';

type Props<T extends string> = {
  legend: string;
  labels: Record<T, string>;
  selected: T | '';
  onToggle: (value: T | '') => void;
};

/**
 * Filter chips that toggle on and off: pressing the selected chip clears the filter. A labelled group
 * laid out as one row of the filters' grid (its name in the first column, the chips in the second).
 */
export function ChipGroup<T extends string>({ legend, labels, selected, onToggle }: Props<T>) {
  const id = useId();
  return (
    <div className="filter-row" role="group" aria-labelledby={id}>
      <span id={id} className="filter-label">
        {legend}
      </span>
      <div className="chips">
        {(Object.entries(labels) as [T, string][]).map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="chip"
            aria-pressed={selected === value}
            onClick={() => onToggle(selected === value ? '' : value)}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
