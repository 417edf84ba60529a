import fs from 'node:fs';
import os from 'node:os';

/**
 * Linux's autogroup scheduling (`kernel.sched_autogroup_enabled`, on by default in Debian's kernels): the CPU is
 * shared fairly between sessions first, then between the processes of each session. A PostgreSQL started as a
 * service is a session of its own, and a benchmark's servers and load generator another, so on a saturated
 * machine all of PostgreSQL's backends get about one core of two between them, and a statement of a few
 * milliseconds sometimes waited hundreds for its turn (decision record 099). The kernel accepts only 0 and 1.
 */
export function autogroupNote(read: (file: string) => string = (file) => fs.readFileSync(file, 'utf8')): string {
  try {
    return read('/proc/sys/kernel/sched_autogroup_enabled').trim() === '0'
      ? 'autogroup scheduling off'
      : 'autogroup scheduling on';
  } catch {
    return 'autogroup scheduling unknown';
  }
}

/**
 * The machine as the benchmarks' header lines name it: `2 cores (shared; autogroup scheduling on), Node v20.20.2`
 * (`shared`: the load generator runs on the same cores as the servers).
 */
export function machineNote(shared = false): string {
  return `${os.availableParallelism()} cores (${shared ? 'shared; ' : ''}${autogroupNote()}), Node ${process.version}`;
}
