import { formatINR } from '../utils/format.ts';

/** The original price, struck through, when it is higher than the price asked now (else nothing). */
export function WasPrice({ original, price }: { original: number | null; price: number }) {
  if (original === null || original <= price) return null;
  return (
    <s>
      <span className="visually-hidden">Original price </span>
      {formatINR(original)}
    </s>
  );
}
