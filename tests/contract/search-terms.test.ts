import { describe, expect, it } from 'vitest';
import { indexedPart, trigramShares } from '../../server/repositories/search-terms.ts';

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
