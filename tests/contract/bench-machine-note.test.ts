import { describe, expect, test } from 'vitest';
import { autogroupNote } from '../../scripts/bench/machine-note.ts';

describe("the benchmarks' note of the kernel's autogroup scheduling", () => {
  test('names the setting as the kernel reads it', () => {
    expect(autogroupNote(() => '1\n')).toBe('autogroup scheduling on');
    expect(autogroupNote(() => '0\n')).toBe('autogroup scheduling off');
  });

  test('says unknown where the kernel has no such setting', () => {
    expect(
      autogroupNote(() => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }),
    ).toBe('autogroup scheduling unknown');
  });
});
