import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { TEST_SCRYPT_ENV } from './tests/support/scrypt-cost.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8000';
const routerDist = `${path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'react-router', 'dist', 'production')}/`;

/**
 * The browser build only (tests, `npm run dev` and the server's rendering keep the packages' defaults):
 * React Router's package exports its development build (warnings and invariant messages) under every
 * condition, so its production build is named here; @xstate/react's `use-sync-external-store/shim`
 * backports a hook React 19 has, so React's own is used.
 */
const browserBuildAliases = [
  { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
  { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
  { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
];

/**
 * React Router's built module names each component (`Form.displayName = "Form"`) and wraps some in an
 * unannotated `forwardRef(...)`: both keep components the app never uses (Form, ScrollRestoration, ...)
 * in the bundle. In the browser build the calls are marked pure and the names (read only by React's
 * developer tools) dropped, so the bundler leaves out what nothing imports.
 */
function routerTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      return {
        code: code
          .replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1')
          .replace(/^ *[\w$.]+\.displayName = "[^"]*";$/gm, ''),
        map: null,
      };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), routerTreeShaking()],
  resolve: { alias: command === 'build' ? browserBuildAliases : [] },
  server: {
    // `npm run dev`: the SPA on Vite, every API prefix proxied to the API server.
    proxy: Object.fromEntries(['/auth', '/classroom', '/api'].map((prefix) => [prefix, apiTarget])),
  },
  build: {
    outDir: 'dist',
    // Maps are written for the operator's tools but the bundles do not name them, and the server does not
    // serve them unless SERVE_SOURCE_MAPS=1 (server/platform/http/spa.ts).
    sourcemap: 'hidden',
    // scripts/report-bundle.ts walks the manifest to size what the home page loads.
    manifest: true,
    // Every browser the site supports preloads modules itself: no polyfill in the entry chunk.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    // Named vendor chunks: they change less often than the app (long-lived caching) and the bundle
    // report reads clearly. All three are needed by the home page anyway.
    rolldownOptions: {
      // The contract's schemas are built at module load (`z.object(...)`): telling the bundler these calls
      // have no side effects lets it drop the schemas a chunk does not use, so zod leaves the home page.
      // The contract's modules only declare values, so one whose exports a chunk does not use is left out.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => !/[\\/]contract[\\/][\w-]+\.ts$/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
            },
            { name: 'vendor-xstate', test: /node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/ },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
            // The contract without zod (paths, messages, ApiError, enum labels) is all the home page needs; the schemas
            // (and zod) come with the first chunk that parses or validates.
            { name: 'contract-core', test: /contract[\\/](messages|errors)\.ts$/ },
            // The enum labels (levels, categories, statuses) and the success stories' plain values (decision 079).
            { name: 'contract-labels', test: /contract[\\/](enum-values|story-text)\.ts$/ },
            // Money and India time formatting (no zod): prices on the public pages without the schemas.
            { name: 'contract-format', test: /contract[\\/](money|time)\.ts$/ },
            // The API's paths: the first chunk that calls the API brings them.
            { name: 'contract-paths', test: /contract[\\/]api-paths\.ts$/ },
            { name: 'contract-schemas', test: /contract[\\/](entities|enums|payloads|checkout)\.ts$/ },
          ],
        },
      },
    },
  },
  test: {
    // expect.poll waits for what a user would see next; its limit guards a hang, not a timing (a loaded 2-core
    // machine may take seconds to render the next page). Vitest's default of one second failed on such a machine.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        // Pure modules: imported once for all the project's files (isolate: false), as the API suite does.
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom page and one module graph per worker, not per file: the SPA's modules and lazy route
          // chunks are imported once (about 60 % of the project's CPU). tests/views/setup.ts empties the
          // storage, the rendered tree, timers, globals and mocks after each test; module caches have resets.
          isolate: false,
          setupFiles: ['tests/views/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own fresh database; files run one at a time so the
          // PostgreSQL run does not open more connections than a 2-core machine serves well.
          fileParallelism: false,
          // One module graph for the whole suite: each file still builds its own app on its own database, but
          // the server's modules are imported once, not once per file (a third of the suite's time).
          isolate: false,
          // Names the run and drops the PostgreSQL databases it left (tests/api/support/global-setup.ts).
          globalSetup: ['tests/api/support/global-setup.ts'],
          setupFiles: ['tests/api/support/each-file.ts'],
          // Limits against a hang, not timings: a test that seeds the demo may take a minute on a loaded machine.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Passwords hashed at N=2^12 instead of production's 2^17 (tests/support/scrypt-cost.ts).
          env: { ...TEST_SCRYPT_ENV },
        },
      },
    ],
  },
}));
