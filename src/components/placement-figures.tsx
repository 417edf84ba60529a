import type { PlacementFigures } from '../../contract/placement.ts';
import { formatIstDate } from '../../contract/time.ts';

/** A CTC in rupees a year, in lakh with one decimal. */
export function lakh(rupees: number): string {
  return `₹${(rupees / 100_000).toFixed(1).replace(/\.0$/, '')} lakh`;
}

/**
 * One program's line on its card: what the record says of its ended batches, with the day it is as of.
 * A program none of whose batches has ended says so rather than showing a number.
 */
export function ProgramPlacementLine({ figures, asOf }: { figures?: PlacementFigures; asOf: string | null }) {
  if (!figures || figures.eligible === 0) return <span>No batch has finished yet</span>;
  const when = asOf ? ` (as of ${formatIstDate(asOf)})` : '';
  return (
    <span>
      {figures.placed} of {figures.eligible} placed
      {figures.median_ctc !== null ? `, median ${lakh(figures.median_ctc)} a year` : ''}
      {when}
    </span>
  );
}
