import { describe, expect, test } from 'vitest';
import { TEACHING_PATHS, type TeachBatchSummary } from '../../contract/index.ts';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { list, login } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { hidden, openLoggedIn, rowOf, visible } from './support/ui.ts';

const e2e = useE2E();

const HEADER = 'program,topic,kind,text,option_a,option_b,answer,marks';
/** Two questions of the instructor's program; the second's kind is misspelt until `fixed`. */
function bankCsv(program: number, topic: string, fixed: boolean) {
  return [
    HEADER,
    `${program},${topic},single,"Which ratio measures short-term liquidity?",Current ratio,Debt-equity ratio,A,1`,
    `${program},${topic},${fixed ? 'true_false' : 'truefalse'},"Cash credit is a working-capital facility.",True,False,A,1`,
  ].join('\r\n');
}

describe('The question bank', () => {
  test('the demo instructor imports a CSV: the bad row is named, nothing goes in; fixed, both questions are listed', async () => {
    const tokens = await login(e2e.baseURL, DEMO_INSTRUCTOR.username, DEMO_INSTRUCTOR.password);
    const [batch] = await list<TeachBatchSummary>(e2e.baseURL, TEACHING_PATHS.batches, tokens.access);
    expect(batch, 'the demo instructor teaches a batch').toBeDefined();
    const program = batch!.program.id;
    const topic = `Imported in e2e ${Date.now()}`;

    const page = await e2e.newPage();
    await openLoggedIn(page, tokens, '/teach');
    await page
      .getByRole('navigation', { name: 'Instructor area' })
      .getByRole('link', { name: 'Question bank' })
      .click();
    await visible(page.getByRole('heading', { level: 1, name: 'Question bank' }));

    const importer = page.getByRole('region', { name: 'Import CSV or Excel' });
    const file = (fixed: boolean) => ({
      name: 'bank.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bankCsv(program, topic, fixed)),
    });
    await importer.getByLabel('CSV or Excel (.xlsx) file').setInputFiles(file(false));
    await importer.getByRole('button', { name: 'Import' }).click();
    await visible(importer.getByText('Nothing was imported: 1 problem to fix.'));
    await visible(importer.getByRole('listitem').filter({ hasText: /^Row 3, column kind: Kind must be one of/ }));

    // Nothing of the file is in the bank.
    await page.getByLabel('Topic', { exact: true }).fill(topic);
    await visible(page.getByText('No questions match. Add one, or import a CSV.'));

    await importer.getByLabel('CSV or Excel (.xlsx) file').setInputFiles(file(true));
    await importer.getByRole('button', { name: 'Import' }).click();
    await visible(importer.getByText('Imported 2 questions.'));
    await hidden(importer.getByText(/Nothing was imported/));
    await visible(rowOf(page, /Which ratio measures short-term liquidity\?/));
    await visible(rowOf(page, /Cash credit is a working-capital facility\./));
    await expect.poll(() => page.getByRole('row').filter({ hasText: topic }).count()).toBe(2);
  });
});
