import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { domainBoundaries } from './eslint/domain-boundaries.js';

/**
 * The dependency rule (docs/architecture.md, "Layers"). Imports flow one way:
 *   SPA:    components, lib, utils, config  →  features/<one>  →  app
 *   server: platform (db, lib)  →  a domain's repositories  →  its services  →  its routes, HTTP plugins
 * (a domain is a folder, server/domains/<name>/; shared infrastructure is server/platform/), and SQL lives
 * in repositories, seed files and server/platform/db only. tests/contract/lint-boundaries.test.ts
 * plants a violation of each rule and proves ESLint refuses it.
 */
const FEATURES = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SPA_ZONES = [
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature never imports from app/: declare what it needs as props, let app/ compose it.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in src/app/composition.',
  })),
  {
    target: ['./src/components', './src/lib', './src/utils', './src/config'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, lib, utils, config) never imports features or app.',
  },
];

/** The kinds of server file, by their place in a domain folder (server/domains/<name>/) or the platform. */
const REPOSITORIES = ['./server/domains/*/repository.ts', './server/domains/*/repositories/**'];
const ROUTES = ['./server/domains/*/routes.ts', './server/domains/*/routes/**', './server/platform/*/routes.ts'];
const HTTP_PLUGINS = ['./server/platform/http/**'];
/** A domain's own files at its root but its routes: its services (and tables, configuration, templates, seed). */
const DOMAIN_ROOT_FILES = ['./server/domains/*/!(routes).ts'];

const SERVER_ZONES = [
  {
    target: REPOSITORIES,
    from: [...DOMAIN_ROOT_FILES, ...ROUTES, ...HTTP_PLUGINS],
    except: ['**/server/domains/*/tables.ts', '**/server/domains/*/config*.ts'],
    message: 'Repositories import no services, routes or HTTP plugins.',
  },
  {
    target: './server/platform/lib',
    from: ['./server/domains/**', ...HTTP_PLUGINS],
    message: 'server/platform/lib imports no domain and no HTTP plugin.',
  },
  {
    target: DOMAIN_ROOT_FILES,
    from: [...ROUTES, ...HTTP_PLUGINS],
    message: 'Services import no routes or HTTP plugins: routes call services.',
  },
];

/** SQL (Kysely's query builders and the raw `sql` tag) outside repositories, seed files and server/platform/db. */
const SQL_OUTSIDE_REPOSITORIES = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom)$/]",
    message: 'SQL lives in a repository of its domain (or server/platform/db): add a repository method.',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
    message: 'Raw SQL lives in a repository of its domain (or server/platform/db): add a repository method.',
  },
  {
    selector: "ImportDeclaration[source.value='kysely'][importKind!='type'] ImportSpecifier[imported.name='sql']",
    message: 'Raw SQL lives in server/repositories (or server/db): add a repository method.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-server.*/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'docs/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain JavaScript run by node (scripts/start.mjs, the benchmarks' floor and ceiling).
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'machines/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Files import-x parses to follow imports (no-cycle reads the imported modules' own imports).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...SPA_ZONES, ...SERVER_ZONES] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [
      'server/platform/db/**',
      'server/domains/*/repository.ts',
      'server/domains/*/*-repository.ts',
      'server/domains/*/repositories/**',
      'server/domains/*/seed.ts',
      'server/domains/*/seed-*.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES] },
  },
  {
    // Per domain folder: routes call services (no repository, no transaction), and a domain reaches another only
    // through its service (eslint/domain-boundaries.js), with no exception: the debts listed when the rules came are paid.
    files: ['server/**/*.ts'],
    plugins: { domains: domainBoundaries },
    rules: {
      'domains/route-shape': 'error',
      'domains/through-service': 'error',
    },
  },
  {
    // Packages only some requests need load with the first of them (server/platform/lib/on-first-use.ts, decision
    // record 098), not at every server start: a value import anywhere else in server/ would load them at start.
    files: ['server/**/*.ts'],
    ignores: ['server/platform/lib/on-first-use.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['pdfkit', 'qrcode', 'razorpay', '@simplewebauthn/server'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load it through server/platform/lib/on-first-use.ts: it would otherwise load at every start.',
          })),
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Machines are pure: no React, no browser, no network, no server.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', '@xstate/react', '../src/*', '../server/*', '**/src/**', '**/server/**'] },
      ],
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'window', 'document'],
    },
  },
  {
    // The contract is shared by browser and server: it imports nothing of either.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/server/**', '**/machines/**', 'react'] }],
    },
  },
  {
    // The SPA never reaches into the server.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // No file over 300 lines (every line counted, as `wc -l` does), but migrations, seed data and the schema.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['server/platform/db/migrations/**', '**/seed.ts', '**/seed-*.ts', 'server/platform/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
);
