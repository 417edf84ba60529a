import fs from 'node:fs';
import os from 'node:os';

/**
 * Linux's autogroup scheduling (`kernel.sched_autogroup_enabled`, on by default in Debian's kernels): for processes
 * in the root CPU cgroup, the CPU is shared fairly between sessions first, then between the processes of each
 * session. Every PostgreSQL backend is a session of its own (the postmaster's children call setsid), while a
 * benchmark's servers and its load generator share the benchmark's session. How much that moves a run's p99s is
 * not settled (decision record 099), so each table says which setting it ran with. The kernel accepts only 0 and 1.
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
