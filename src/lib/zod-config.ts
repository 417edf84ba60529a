/**
 * zod compiles object parsers with `new Function` when the page allows it, and probes that once; under
 * our CSP (script-src 'self', no 'unsafe-eval') the probe is reported as a violation in the console.
 * `z.config({ jitless: true })` writes this same global (zod v4 keeps its config in
 * `globalThis.__zod_globalConfig`); it is set here, before zod loads, so that the home page does not have
 * to load zod just to configure it (zod arrives later, with the first answer that needs parsing).
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
