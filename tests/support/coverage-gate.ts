import { modelPaths, type MachineModel } from './machine-model.ts';
import { replayPath } from './replay.ts';
import { coverageReport, type CoverageReport } from './transitions.ts';

/**
 * The transition-coverage gate: generate every model's paths, replay them against the real machine,
 * and compare the transitions taken with every transition of the machine's definition.
 */
export async function measureCoverage(model: MachineModel<unknown>): Promise<CoverageReport> {
  const walked = new Set<string>();
  for (const path of modelPaths(model)) await replayPath(model, path, { walked });
  return coverageReport(model.name, model.machine, walked);
}

/** Machines of the catalog that have no model, so no generated paths at all. */
export function machinesWithoutModel(
  catalog: Record<string, unknown>,
  models: readonly MachineModel<unknown>[],
): string[] {
  const modelled = new Map(models.map((model) => [model.name, model.machine]));
  return Object.entries(catalog)
    .filter(([name, machine]) => modelled.get(name) !== machine)
    .map(([name]) => name);
}
