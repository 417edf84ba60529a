/** The environment's two kinds of setting: an on/off flag and a whole number (with the message that names it). */
export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

export function int(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`${name} must be ${min === 0 ? 'a whole number' : 'a positive integer'}, got "${value}".`);
  }
  return n;
}
