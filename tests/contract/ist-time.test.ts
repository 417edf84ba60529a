import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  financialYear,
  formatDocumentDate,
  formatIstDate,
  formatIstDateTime,
  istDateTime,
  istDayEnd,
  istDayStart,
  istIsoDateTime,
  istLocalToIso,
  istToday,
} from '../../contract/time.ts';

/** India Standard Time at its edges: midnight IST is 18:30 UTC the day before; the year turns on 1 April. */
describe('IST calendar days', () => {
  it('a day runs from midnight IST (18:30 UTC the day before) to the next midnight IST', () => {
    expect(istDayStart('2026-11-23')).toBe('2026-11-22T18:30:00.000Z');
    expect(istDayEnd('2026-11-23')).toBe('2026-11-23T18:30:00.000Z');
    // Across a month and a year end.
    expect(istDayStart('2027-01-01')).toBe('2026-12-31T18:30:00.000Z');
    expect(istDayEnd('2026-12-31')).toBe('2026-12-31T18:30:00.000Z');
  });

  it('today and the date-time of an instant are IST ones, a minute either side of midnight IST', () => {
    expect(istToday(new Date('2026-11-22T18:29:59.999Z'))).toBe('2026-11-22');
    expect(istToday(new Date('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23');
    expect(istDateTime('2026-11-22T18:29:00.000Z')).toBe('2026-11-22 23:59');
    expect(istDateTime('2026-11-22T18:30:00.000Z')).toBe('2026-11-23 00:00');
  });
});

describe('the financial year (1 April to 31 March, IST)', () => {
  it('turns at midnight IST between 31 March and 1 April', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe('26-27'); // 31 Mar 23:59:59 IST
    expect(financialYear(new Date('2027-03-31T18:30:00.000Z'))).toBe('27-28'); // 1 Apr 00:00 IST
    expect(financialYear(new Date('2026-04-01T00:00:00.000Z'))).toBe('26-27');
    expect(financialYear(new Date('2099-12-31T12:00:00.000Z'))).toBe('99-00');
  });
});

describe('displays name the day as India sees it', () => {
  it('date-time with the zone named, the date alone, and the invoice date', () => {
    expect(formatIstDateTime('2026-11-23T10:00:00.000Z')).toBe('23 Nov 2026, 3:30 pm IST');
    expect(formatIstDate('2026-11-22T18:30:00.000Z')).toBe('23 Nov 2026');
    expect(formatIstDate('2026-11-22T18:29:00.000Z')).toBe('22 Nov 2026');
    expect(formatDocumentDate('2027-03-31T18:30:00.000Z')).toBe('01 Apr 2027');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatIstDateTime('soon')).toBe('soon');
    expect(formatIstDate('')).toBe('');
  });
});

describe('ISO date-times with the IST offset', () => {
  it('an instant reads as the IST wall clock with +05:30, across midnight IST', () => {
    expect(istIsoDateTime(Date.parse('2026-12-01T13:30:00.000Z'))).toBe('2026-12-01T19:00:00+05:30');
    expect(istIsoDateTime(new Date('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23T00:00:00+05:30');
  });

  it('a time typed in India gets the offset; other text is passed on for the schema to refuse', () => {
    expect(istLocalToIso('2026-12-01T19:00')).toBe('2026-12-01T19:00:00+05:30');
    expect(Date.parse(istLocalToIso('2026-12-01T00:00'))).toBe(Date.parse('2026-11-30T18:30:00.000Z'));
    expect(istLocalToIso('')).toBe('');
    expect(istLocalToIso('tomorrow')).toBe('tomorrow');
  });
});

const ROOT = join(import.meta.dirname, '..', '..');
/** India's offset or zone written out: the hand-made IST the issue found in services and client files. */
const IST_BY_HAND = /\+05:30|Asia\/Kolkata|(?<![\w.])330(?![\w.])/;

/** Every TypeScript source of the app (migrations stay as they ran, like the money check's). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(join('db', 'migrations')) ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('India time has one home', () => {
  it('no +05:30, 330 minutes or Asia/Kolkata outside contract/time.ts', () => {
    const found: string[] = [];
    for (const dir of ['server', 'src', 'machines', 'contract', 'scripts']) {
      for (const path of sources(join(ROOT, dir))) {
        const file = relative(ROOT, path).split('\\').join('/');
        if (file === 'contract/time.ts') continue;
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (IST_BY_HAND.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  it('the check sees the ways IST was written by hand before', () => {
    for (const line of [
      'const IST_OFFSET_MS = 330 * 60_000;',
      'return `${local}:00+05:30`;',
      "timeZone: 'Asia/Kolkata',",
      "strftime('%Y-%m-%d', at, '+330 minutes')",
    ])
      expect(IST_BY_HAND.test(line), line).toBe(true);
    for (const line of ['const width = 3300;', 'x * 33.0', 'port: 5330', "'2026-12-01T05:30:00Z'"])
      expect(IST_BY_HAND.test(line), line).toBe(false);
  });
});
