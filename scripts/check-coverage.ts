/**
 * The transition-coverage gate outside vitest: `npx tsx scripts/check-coverage.ts`. Prints one line per
 * machine ("session: covered 13/13 transitions") and exits 1 when a transition is not walked by a
 * generated path or a machine has no model. The test command runs the same gate as
 * tests/machines/coverage.test.ts.
 */
import { machineCatalog } from '../machines/index.ts';
import { machinesWithoutModel, measureCoverage } from '../tests/support/coverage-gate.ts';
import { machineModels } from '../tests/support/models/index.ts';

let failed = false;
for (const name of machinesWithoutModel(machineCatalog, machineModels)) {
  console.error(`${name}: no model in tests/support/models, so no generated paths`);
  failed = true;
}
for (const model of machineModels) {
  const report = await measureCoverage(model);
  console.log(report.line);
  for (const key of report.missing) console.error(`  not walked: ${key}`);
  if (report.missing.length) failed = true;
}
process.exit(failed ? 1 : 0);
