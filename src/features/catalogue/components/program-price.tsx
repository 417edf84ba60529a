import type { Program } from '../../../../contract/index.ts';
import { WasPrice } from '../../../components/was-price.tsx';
import { formatINR } from '../../../utils/format.ts';

/** A program's price (the original struck through when it is higher) and the placement promise. */
export function ProgramPrice({ program }: { program: Program }) {
  return (
    <>
      <p className="price">
        <WasPrice original={program.original_price} price={program.price} />
        <span>{formatINR(program.price)}</span>
      </p>
      <p className="highlight">✓ Placement assistance for every student</p>
    </>
  );
}
