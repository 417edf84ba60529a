/**
 * V8 flags every serving process runs with. `--max-semi-space-size=64` (MiB; Node 20's default is 16): a young
 * generation big enough that a request's garbage dies in it. With the default, the objects of the requests in
 * flight at each scavenge were promoted, and the old generation's collections stalled every request in flight
 * (p99 up to 1 s on reads whose p50 is 2 to 6 ms under `npm run bench:api` at a million payments; decision
 * record 091). V8 reads them when a process starts, so they are command-line flags: `npm start` passes them
 * (package.json), and a cluster's primary gives them to its workers whatever started it.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;

/** The primary's own flags, and the server's that it does not set itself (an operator's value wins). */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.map((arg) => arg.split('=')[0]));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !given.has(flag.split('=')[0]))];
}
