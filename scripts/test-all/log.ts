/** A heading line of `npm test`'s output: a step, the summary, or what is being set up on the machine. */
export function log(line: string) {
  process.stdout.write(`\n=== ${line}\n`);
}
