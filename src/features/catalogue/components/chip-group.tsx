type Props<T extends string> = {
  legend: string;
  labels: Record<T, string>;
  selected: T | '';
  onToggle: (value: T | '') => void;
};

/** Filter chips that toggle on and off: pressing the selected chip clears the filter. */
export function ChipGroup<T extends string>({ legend, labels, selected, onToggle }: Props<T>) {
  return (
    <fieldset className="chip-group">
      <legend>{legend}</legend>
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
    </fieldset>
  );
}
