import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forbiddenPlacementWording } from '../../contract/placement.ts';

/**
 * No public page states a placement figure typed into its source (decision record 070; the CCPA's 2024
 * coaching-advertisement guidelines): a number next to "placed", salary, CTC, LPA, lakh or partners in
 * the public pages' code, or in the server's page meta, fails the build. Figures come from
 * GET /classroom/placement/summary/, computed from verified offers.
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const PUBLIC_SOURCES = [
  'src/features/marketing',
  'src/features/catalogue',
  'src/components/layout',
  'src/components/placement-figures.tsx',
  'server/platform/ssr/meta.ts',
];

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

const NUMBER = String.raw`(?:₹\s*)?\d[\d,.]*\s*(?:\+|%|L\b|lakh\b|LPA\b)?`;
// "Placement assistance" is a service every student gets, not an outcome: it may stand beside a number.
const WORD = String.raw`(?:placed|placements?(?!\s+(?:assistance|support))|salar(?:y|ies)|ctc|lpa|lakh|partners?|hired|offers?)`;
/** A number within a few words of a placement word, either way round ("500+ students placed", "₹6-8 lakh"). */
const TYPED_FIGURE = new RegExp(
  String.raw`${NUMBER}(?:[-–]\s*${NUMBER})?\s+(?:\w+\s+){0,3}${WORD}|${WORD}\s+(?:of\s+|at\s+|:\s*)?${NUMBER}\d`,
  'i',
);

/** The quoted strings and JSX text of a source file (code around them is not a claim). */
function texts(source: string): string[] {
  const quoted = [...source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  const jsx = [...source.matchAll(/>([^<>{}]+)</g)].map((m) => m[1]!);
  return [...quoted, ...jsx].map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

describe('public pages state no typed-in placement figure', () => {
  it('finds the spec’s old claims when they are typed in (the check can fail)', () => {
    for (const claim of [
      '500+ Students placed',
      'Average salary of ₹6-8 lakh per year',
      '50+ hiring partners',
      '8.5 LPA',
    ])
      expect(TYPED_FIGURE.test(claim), claim).toBe(true);
    for (const fine of ['Placement assistance for every student', '15+ Years of faculty experience', 'How we count'])
      expect(TYPED_FIGURE.test(fine), fine).toBe(false);
  });

  it('every public page source reads its figures from the placement summary', () => {
    const found = PUBLIC_SOURCES.flatMap(files)
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .flatMap((file) =>
        texts(readFileSync(file, 'utf8'))
          .filter((text) => TYPED_FIGURE.test(text))
          .map((text) => `${file.slice(ROOT.length)}: ${text}`),
      );
    expect(found).toEqual([]);
  });

  it('no public page source promises a job (the wording rule the admin forms enforce)', () => {
    const found = PUBLIC_SOURCES.flatMap(files)
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .flatMap((file) =>
        texts(readFileSync(file, 'utf8'))
          .filter((text) => forbiddenPlacementWording(text) !== null)
          .map((text) => `${file.slice(ROOT.length)}: ${text}`),
      );
    expect(found).toEqual([]);
  });
});
