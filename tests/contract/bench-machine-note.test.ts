import os from 'node:os';
import { describe, expect, test } from 'vitest';
import { autogroupNote, machineNote } from '../../scripts/bench/machine-note.ts';

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

  test('the header fragment names the cores, whether they are shared, the setting and Node', () => {
    const cores = os.availableParallelism();
    const setting = autogroupNote();
    expect(machineNote()).toBe(`${cores} cores (${setting}), Node ${process.version}`);
    expect(machineNote(true)).toBe(`${cores} cores (shared; ${setting}), Node ${process.version}`);
  });
});
