/**
 * V8 flags every serving process runs with, so that a request's garbage dies young:
 * - `--max-semi-space-size=64` (MiB; Node 20's default is 16): a young generation big enough for it. With the
 *   default, the objects of the requests in flight at each scavenge were promoted, and the old generation's
 *   collections stalled every request in flight (p99 up to 1 s on reads whose p50 is 2 to 6 ms under
 *   `npm run bench:api` at a million payments; decision record 091).
 * - `--no-allocation-site-pretenuring`: V8 otherwise decides, for good, to allocate an allocation site's objects
 *   straight in the old generation once most of them outlived one scavenge. Under load, the sites of a request's
 *   objects (pg's rows among them) were so decided, and each scavenge's pause then tripled (decision record 092).
 * - `--no-memory-reducer`: V8's memory reducer otherwise runs a memory-reducing full collection (every page
 *   compacted) in a busy process once 100 s have passed without an old-generation collection (its watchdog), which
 *   a process with the young generation above reaches under steady load: a pause of 27 to 45 ms in each serving
 *   process at once, about 105 s after they started, the p99 of whatever was served then (decision record 101).
 * V8 reads them when a process starts, so they are command-line flags: `npm start` passes them (package.json),
 * and a cluster's primary gives them to its workers whatever started it.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=64',
  '--no-allocation-site-pretenuring',
  '--no-memory-reducer',
] as const;

/** A V8 flag's name as V8 reads it: `--no-x_y=1` and `--x-y` are the same flag. */
function flagName(arg: string): string {
  return arg.split('=')[0]!.replace(/^--?/, '').replace(/^no-/, '').replaceAll('_', '-');
}

/**
 * `execArgv` (a cluster primary's own flags, or a benchmark's), then the server's flags it does not set itself:
 * an operator's value wins.
 */
export function withServerNodeFlags(execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.map(flagName));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !given.has(flagName(flag)))];
}
