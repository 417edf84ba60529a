import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatPaise,
  formatPaiseCompact,
  formatPaiseFigure,
  formatRupees,
  paiseToRupees,
  paymentTotalPaise,
  rupeesToPaise,
  splitRupeesPaise,
} from '../../contract/money.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every TypeScript source of the app (migrations convert stored columns once and stay as they ran). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(join('db', 'migrations')) ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Lines that multiply or divide by 100 for another reason than money, with the reason. */
const NOT_MONEY: { file: string; text: string }[] = [
  { file: 'server/config.ts', text: 'bodyLimitBytes: 100 * 1024' }, // 100 KiB
  { file: 'server/domains/billing/words.ts', text: 'Math.floor(n / 100)' }, // the hundreds of a number in words
  { file: 'scripts/bench-web.ts', text: '(value ?? 0) * 100' }, // a Lighthouse score as a percentage
  { file: 'scripts/report-bundle.ts', text: 'HOME_BUDGET_GZIP_BYTES = 100 * 1024' }, // 100 KiB
  { file: 'scripts/test-all/steps-runner.ts', text: '(Date.now() - since) / 100' }, // seconds to one decimal
  // A course's progress as a percentage of its lessons (computed, rounded down).
  { file: 'contract/delivery.ts', text: 'Math.floor((done * 100) / total)' },
  { file: 'server/domains/lessons/repositories/lessons.ts', text: '(100 * COUNT(lesson_completions.lesson_id))' },
  { file: 'server/domains/batches/seed.ts', text: '* e.progress_percentage) / 100)' },
  { file: 'server/domains/batches/seed.ts', text: 'Math.floor((count * 100) / lessonIds.length)' },
  // A certificate's rules: attendance and marks as percentages (decision record 052).
  { file: 'server/domains/certificates/eligibility.ts', text: 'part * 100 >= percent * whole' },
  // Attendance as a percentage of the sessions held (decision record 050).
  { file: 'contract/teaching.ts', text: 'Math.round((Math.min(attended, held) * 100) / held)' },
  // A test's marks (two decimals), its score as a percentage and the discrimination index (decision record 071).
  { file: 'contract/assessments.ts', text: 'Math.round(n * 100) === n * 100' },
  { file: 'server/domains/assessments/result-service.ts', text: 'Math.round((10_000 * score) / max) / 100' },
  { file: 'server/domains/assessments/results.ts', text: '(100 * scored.score) / scored.max_score' },
  { file: 'server/domains/assessments/scoring.ts', text: 'Math.round(n * 100) / 100' },
  { file: 'server/domains/assessments/scoring.ts', text: 'Math.round(((upper - lower) / g) * 100) / 100' },
];

const BY_100 = /(?:[*/]\s*100(?![\d_.])|(?<![\d_.])100\s*\*)/;

describe('money has one unit of arithmetic', () => {
  it('nothing outside contract/money.ts multiplies or divides by 100', () => {
    const found: string[] = [];
    for (const dir of ['server', 'src', 'machines', 'contract', 'scripts']) {
      for (const path of sources(join(ROOT, dir))) {
        const file = relative(ROOT, path).split('\\').join('/');
        if (file === 'contract/money.ts') continue;
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const code = line.trim();
            if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
            if (!BY_100.test(code)) return;
            if (NOT_MONEY.some((allowed) => allowed.file === file && code.includes(allowed.text))) return;
            found.push(`${file}:${i + 1}: ${code}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  it('the check sees the ways money was converted before', () => {
    for (const line of [
      'const paise = payment.amount * 100;',
      'return inr.format(paise / 100);',
      'amount: 100 * rupees,',
      'formatINR(Math.round(paise/100))',
    ])
      expect(BY_100.test(line), line).toBe(true);
    for (const line of ['const limit = 1000;', 'x * 1000', 'price / 100_000', 'rate * 100.5'])
      expect(BY_100.test(line), line).toBe(false);
  });
});

describe('conversions', () => {
  it('rupees to paise and back', () => {
    expect(rupeesToPaise(65_000)).toBe(6_500_000);
    expect(rupeesToPaise(0)).toBe(0);
    expect(rupeesToPaise(19.99)).toBe(1999); // no floating-point residue
    expect(paiseToRupees(118_050)).toBe(1180.5);
    expect(splitRupeesPaise(11_800_050)).toEqual({ rupees: 118_000, paise: 50 });
    expect(splitRupeesPaise(-105)).toEqual({ rupees: 1, paise: 5 });
  });

  it("a payment's total: total_paise when stored (any driver's type), else its price in rupees", () => {
    expect(paymentTotalPaise({ amount: 50_000, total_paise: 5_900_000 })).toBe(5_900_000);
    expect(paymentTotalPaise({ amount: 50_000, total_paise: '5900000' })).toBe(5_900_000);
    expect(paymentTotalPaise({ amount: 50_000, total_paise: 5_900_000n })).toBe(5_900_000);
    expect(paymentTotalPaise({ amount: 50_000, total_paise: null })).toBe(5_000_000);
    expect(paymentTotalPaise({ amount: 0, total_paise: null })).toBe(0);
  });
});

describe('formatting, Indian grouping', () => {
  it('whole rupees, paise, paise only when any, and the invoice figure', () => {
    expect(formatRupees(125_000)).toBe('₹1,25,000');
    expect(formatPaise(123_456)).toBe('₹1,234.56');
    expect(formatPaise(15_000_000)).toBe('₹1,50,000.00');
    expect(formatPaiseCompact(6_500_000)).toBe('₹65,000');
    expect(formatPaiseCompact(118_050)).toBe('₹1,180.50');
    expect(formatPaiseFigure(11_800_050)).toBe('1,18,000.50');
    expect(formatPaiseFigure(5)).toBe('0.05');
    expect(formatPaiseFigure(-250_000)).toBe('-2,500.00');
  });

  it('the invoice figure and the SPA agree on every grouping width', () => {
    for (let paise = 1; paise < 1e13; paise = paise * 7 + 3)
      expect(`₹${formatPaiseFigure(paise)}`).toBe(formatPaise(paise));
  });
});
