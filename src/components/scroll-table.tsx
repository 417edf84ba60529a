import type { ReactNode, UIEvent } from 'react';

type Props = {
  /** The region's accessible name (a screen reader announces it; tests find the table by it). */
  label: string;
  /** Column headers; a `{ label, numeric }` one is right-aligned (amounts, counts). */
  headers: (string | { label: string; numeric: true })[];
  /** The table's caption (what its figures add up to), when it has one. */
  caption?: ReactNode;
  /** The table's rows. */
  children: ReactNode;
  /** What follows the table inside the scroll area (a load-more button, an error). */
  after?: ReactNode;
  onScroll?: (event: UIEvent<HTMLDivElement>) => void;
};

/** The admin panel's 600px scroll area holding a table with one header row. */
export function ScrollTable({ label, headers, caption, children, after, onScroll }: Props) {
  return (
    // The scroll area is focusable so keyboard users can scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="scroll-area" tabIndex={0} onScroll={onScroll} role="region" aria-label={label}>
      <table className="table">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {headers.map((header) =>
              typeof header === 'string' ? (
                <th key={header} scope="col">
                  {header}
                </th>
              ) : (
                <th key={header.label} scope="col" className="number">
                  {header.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}
