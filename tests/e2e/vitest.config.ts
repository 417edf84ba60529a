import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './support/sequencer.ts';

/**
 * End-to-end suite: real Chromium (Debian's /usr/bin/chromium-headless-shell, decision record 093) against the real server started the way
 * the README starts it. Run with `npx vitest run --config tests/e2e/vitest.config.ts`.
 * Every spec file gets its own server on its own fresh copy of a freshly seeded SQLite database, so no
 * file depends on another. Two files run at once (E2E_WORKERS to change): a file spends much of its time
 * starting its server and waiting on pages, and once the API suites are done the step would otherwise
 * leave one of the machine's two cores idle.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  test: {
    name: 'e2e',
    root,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // One module graph per worker, not per file (as the API suite): Playwright's client and the support modules
    // are imported once (about a second of CPU per file). Each file still gets its own server, database and
    // browser (support/fixture.ts); the support modules keep no state a file could see from another.
    isolate: false,
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // expect.poll waits for what a user would see next (a menu closing once the next page has rendered); its
    // limit guards a hang, not a timing. Vitest's default of one second failed on a loaded 2-core machine.
    expect: { poll: { timeout: 15_000 } },
    // A failing journey is reported once with everything it printed; a retry would hide flakiness.
    retry: 0,
    // The longest files first, so the two workers end together (tests/e2e/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    reporters: ['default'],
  },
});
