import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rule is enforced by ESLint (eslint.config.js). Each case plants one violation in a file
 * that does not exist on disk (ESLint lints the text as if it were at that path) and proves the rule
 * refuses it; the same import or query in a place the rule allows passes, so a case fails only on the rule.
 * Each case runs the project's configuration with only the rules it is about (ESLint's `ruleFilter`): the
 * others (`import-x/no-cycle` walks every import of the planted file) are the lint step's work, and took
 * most of this file's time. A parse error still shows, as a message without a rule.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const linters = new Map<string, ESLint>();

async function ruleIdsFor(path: string, code: string, rules: string[]): Promise<string[]> {
  const key = rules.join(' ');
  let eslint = linters.get(key);
  if (!eslint) {
    eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => rules.includes(ruleId) });
    linters.set(key, eslint);
  }
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const cases: { name: string; path: string; code: string; rule: string; allowedPath: string }[] = [
  {
    name: 'a feature importing app/',
    path: 'src/features/catalogue/planted.ts',
    code: "import { App } from '../../app/app.tsx';\nexport const planted = App;\n",
    rule: 'import-x/no-restricted-paths',
    allowedPath: 'src/app/composition/planted.ts',
  },
  {
    name: 'a feature importing another feature',
    path: 'src/features/checkout/planted.ts',
    code: "import type { ProgramFilters } from '../catalogue/api/catalogue-api.ts';\nexport type Planted = ProgramFilters;\n",
    rule: 'import-x/no-restricted-paths',
    allowedPath: 'src/features/catalogue/planted.ts',
  },
  {
    name: 'shared components importing a feature',
    path: 'src/components/planted.ts',
    code: "import type { ProgramFilters } from '../features/catalogue/api/catalogue-api.ts';\nexport type Planted = ProgramFilters;\n",
    rule: 'import-x/no-restricted-paths',
    allowedPath: 'src/app/planted.ts',
  },
  {
    name: 'a repository importing a service',
    path: 'server/domains/payments/repositories/planted.ts',
    code: "import { createPaymentService } from '../service.ts';\nexport const planted = createPaymentService;\n",
    rule: 'import-x/no-restricted-paths',
    allowedPath: 'server/domains/payments/routes/planted.ts',
  },
  {
    name: 'server/platform/lib importing a repository',
    path: 'server/platform/lib/planted.ts',
    code: "import { createEnrollmentRepository } from '../../domains/enrollments/repository.ts';\nexport const planted = createEnrollmentRepository;\n",
    rule: 'import-x/no-restricted-paths',
    allowedPath: 'server/platform/system/planted.ts',
  },
  {
    name: 'SQL in a route',
    path: 'server/domains/payments/routes/planted.ts',
    code: "import type { Db } from '../../../platform/db/connect.ts';\nexport const planted = (db: Db) => db.selectFrom('users').selectAll().execute();\n",
    rule: 'no-restricted-syntax',
    allowedPath: 'server/domains/payments/repositories/planted.ts',
  },
  {
    name: 'raw SQL in a service',
    path: 'server/domains/payments/planted.ts',
    code: "import { sql } from 'kysely';\nimport type { Db } from '../../platform/db/connect.ts';\nexport const planted = (db: Db) => sql`SELECT 1`.execute(db);\n",
    rule: 'no-restricted-syntax',
    allowedPath: 'server/domains/payments/repository.ts',
  },
  {
    // payments.ts imports record-lists.ts: record-lists.ts importing payments.ts back closes a cycle.
    name: 'an import cycle',
    path: 'server/platform/db/record-lists.ts',
    code: "import { createPaymentRepository } from '../../domains/payments/repositories/payments.ts';\nexport const planted = createPaymentRepository;\n",
    rule: 'import-x/no-cycle',
    allowedPath: 'server/platform/db/planted.ts',
  },
  // The domain rules (eslint/domain-boundaries.js): the allowed place is a service at the same depth.
  {
    name: 'a route importing a repository',
    path: 'server/domains/catalogue/routes/planted.ts',
    code: "import { createProgramRepository } from '../repositories/programs.ts';\nexport const planted = createProgramRepository;\n",
    rule: 'domains/route-shape',
    allowedPath: 'server/domains/catalogue/mail/planted.ts',
  },
  {
    name: 'a route opening a transaction',
    path: 'server/domains/catalogue/routes/planted.ts',
    code: "import type { Db } from '../../../platform/db/connect.ts';\nexport const planted = (db: Db) => db.transaction().execute(async () => 1);\n",
    rule: 'domains/route-shape',
    allowedPath: 'server/domains/catalogue/mail/planted.ts',
  },
  {
    name: 'a domain reaching inside another domain (not through its service)',
    path: 'server/domains/teaching/planted.ts',
    code: "import { completePayment } from '../payments/settlement.ts';\nexport const planted = completePayment;\n",
    rule: 'domains/through-service',
    allowedPath: 'server/domains/payments/planted.ts',
  },
  {
    // A package only some requests need, imported where it would load at every server start (decision record 098).
    name: 'a value import of pdfkit outside server/platform/lib/on-first-use.ts',
    path: 'server/domains/billing/planted.ts',
    code: "import PDFDocument from 'pdfkit';\nexport const planted = PDFDocument;\n",
    rule: '@typescript-eslint/no-restricted-imports',
    allowedPath: 'server/platform/lib/on-first-use.ts',
  },
  {
    // Every line counts; seed data, migrations and the schema may be longer.
    name: 'a file over 300 lines',
    path: 'server/domains/catalogue/planted.ts',
    code: Array.from({ length: 301 }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n',
    rule: 'max-lines',
    allowedPath: 'server/domains/catalogue/seed-planted.ts',
  },
];

describe('the dependency rule is lint-enforced', () => {
  for (const planted of cases) {
    it(`refuses ${planted.name}`, async () => {
      expect(await ruleIdsFor(planted.path, planted.code, [planted.rule])).toContain(planted.rule);
      // The first case loads the TypeScript parser and resolves the imports: slow on a loaded machine.
    }, 60_000);
    it(`allows the same code where the rule permits it (${planted.allowedPath})`, async () => {
      expect(await ruleIdsFor(planted.allowedPath, planted.code, [planted.rule])).toEqual([]);
    }, 60_000);
  }
});

describe('a domain may use another through its service', () => {
  it("allows a value import of another domain's service.ts, and a type-only import of its other files", async () => {
    const code =
      "import { createPaymentService } from '../payments/service.ts';\n" +
      "import type { Settlement } from '../payments/settlement.ts';\n" +
      'export const planted = createPaymentService;\nexport type Planted = Settlement;\n';
    const rules = [
      'domains/through-service',
      'domains/route-shape',
      'import-x/no-restricted-paths',
      'no-restricted-syntax',
    ];
    expect(await ruleIdsFor('server/domains/teaching/planted.ts', code, rules)).toEqual([]);
  }, 60_000);
});
