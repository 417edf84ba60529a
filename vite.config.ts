import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // `npm run dev`: the SPA on Vite, every API prefix proxied to the API server.
    proxy: Object.fromEntries(['/auth', '/classroom', '/api'].map((prefix) => [prefix, apiTarget])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/report-bundle.ts walks the manifest to size what the home page loads.
    manifest: true,
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
            { name: 'contract-core', test: /contract[\\/](api-paths|messages|errors|enum-values)\.ts$/ },
            { name: 'contract-schemas', test: /contract[\\/](entities|enums|payloads|checkout)\.ts$/ },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
