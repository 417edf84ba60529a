import fs from 'node:fs';

/**
 * Linux's autogroup scheduling (`kernel.sched_autogroup_enabled`, on by default in Debian's kernels): the CPU is
 * shared fairly between sessions first, then between the processes of each session. A PostgreSQL started as a
 * service is a session of its own, and a benchmark's servers and load generator another, so on a saturated
 * machine all of PostgreSQL's backends get about one core of two between them, and a statement of a few
 * milliseconds sometimes waited hundreds for its turn (decision record 099). The benchmarks print it
 * beside their figures, as they print the cores and the load.
 */
export function autogroupNote(read: (file: string) => string = (file) => fs.readFileSync(file, 'utf8')): string {
  let value: string;
  try {
    value = read('/proc/sys/kernel/sched_autogroup_enabled').trim();
  } catch {
    return 'autogroup scheduling unknown';
  }
  return value === '0' ? 'autogroup scheduling off' : value === '1' ? 'autogroup scheduling on' : `autogroup ${value}`;
}
