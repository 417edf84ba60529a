import type { Program } from '../../../../contract/index.ts';
import { formatINR } from '../../../utils/format.ts';

/** A program's price (the original struck through when it is higher) and the placement promise. */
export function ProgramPrice({ program }: { program: Program }) {
  return (
    <>
      <p className="price">
        {program.original_price !== null && program.original_price > program.price ? (
          <s>
            <span className="visually-hidden">Original price </span>
            {formatINR(program.original_price)}
          </s>
        ) : null}
        <span>{formatINR(program.price)}</span>
      </p>
      <p className="highlight">✓ 100% placement assistance</p>
    </>
  );
}
