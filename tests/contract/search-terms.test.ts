import { describe, expect, it } from 'vitest';
import { expectedMatches, indexedPart, trigramShares } from '../../server/platform/db/search-terms.ts';

/** Which part of a search term the trigram index reads (decision record 059). */
describe('the indexed part of a search term', () => {
  const texts = Array.from({ length: 1000 }, (_, i) => `student${i} diya nair student${i}@example.in`);
  const shares = trigramShares(texts);

  it('counts each trigram once a text, inside words of letters and digits only', () => {
    expect(shares.get('stu')).toBe(1);
    expect(shares.get('nai')).toBe(1);
    expect(shares.get('a n')).toBeUndefined();
    expect(shares.get('t@e')).toBeUndefined();
    expect(shares.get('482')).toBe(1 / 1000);
  });

  it('reads the rare digits of a student number, not the trigrams every student has', () => {
    expect(indexedPart('student482', shares, texts.length)).toBe('482');
    const part = indexedPart('student48213', shares, texts.length)!;
    expect(part).toMatch(/^[0-9]{3,5}$/);
    expect('student48213').toContain(part);
  });

  it('reads one trigram of a term every text has, and nothing without three letters or digits', () => {
    expect(indexedPart('nair', shares, texts.length)).toMatch(/^(nai|air)$/);
    expect(indexedPart('diya nair', shares, texts.length)).toMatch(/^(diy|iya|nai|air)$/);
    expect(indexedPart('a b', shares, texts.length)).toBeNull();
    expect(indexedPart('%_', shares, texts.length)).toBeNull();
  });
});

/** How many students the sample expects a term to match: the way a list reads a search, never its answer. */
describe('the students a term is expected to match', () => {
  const texts = Array.from({ length: 2000 }, (_, i) => `student${i} ${i % 4 ? 'diya' : 'ravi'} nair`);

  it('is the share of sampled texts containing the term, times the students the sample stands for', () => {
    expect(expectedMatches('student', { texts, population: 100_000 })).toBe(100_000);
    expect(expectedMatches('ravi', { texts, population: 100_000 })).toBe(25_000);
    expect(expectedMatches('student1999', { texts, population: 100_000 })).toBe(50);
    expect(expectedMatches('nobody', { texts, population: 100_000 })).toBe(0);
    expect(expectedMatches('student', { texts: [], population: 100_000 })).toBe(0);
  });

  it('counts only the sampled students of a kind, as a share of all the sampled ones', () => {
    const paid = texts.filter((text) => text.includes('ravi'));
    expect(expectedMatches('nair', { texts, population: 100_000 }, paid)).toBe(25_000);
    expect(expectedMatches('diya', { texts, population: 100_000 }, paid)).toBe(0);
  });
});
