import { describe, expect, it } from 'vitest';
import { machineCatalog } from '../../machines/index.ts';
import { machinesWithoutModel, measureCoverage } from '../support/coverage-gate.ts';
import { machineModels } from '../support/models/index.ts';

/**
 * The coverage gate of the test command: every transition of every machine (source state, event,
 * guard, target; eventless, onDone and onError included) must be walked by a generated path.
 * Prints one line per machine: "session: covered 13/13 transitions".
 */
describe('transition coverage gate', () => {
  it('has generated-path tests for every machine of the catalog', () => {
    expect(machinesWithoutModel(machineCatalog, machineModels)).toEqual([]);
  });

  for (const model of machineModels) {
    it(`${model.name}: every transition is walked by a generated path`, async () => {
      const report = await measureCoverage(model);
      console.log(report.line);
      expect(report.missing, `${report.line}; not walked:\n${report.missing.join('\n')}`).toEqual([]);
      expect(report.total).toBeGreaterThan(0);
      // Replays every generated path of the machine (thousands for checkout): a guard against a hang on a
      // loaded CI machine, not a time limit.
    }, 300_000);
  }
});
