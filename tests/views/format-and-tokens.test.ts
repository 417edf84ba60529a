import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, tokenStore } from '../../src/lib/token-store.ts';
import { formatINR, fullName, initials, plural } from '../../src/utils/format.ts';

describe('formatINR', () => {
  it('shows rupees with no decimals and Indian digit grouping', () => {
    expect(formatINR(125000)).toBe('₹1,25,000');
    expect(formatINR(12450000)).toBe('₹1,24,50,000');
    expect(formatINR(999)).toBe('₹999');
    expect(formatINR(0)).toBe('₹0');
  });

  it('never shows paise', () => {
    expect(formatINR(1499.6)).toBe('₹1,500');
  });
});

describe('names', () => {
  it('joins and abbreviates', () => {
    expect(fullName({ first_name: 'Priya', last_name: 'Sharma' })).toBe('Priya Sharma');
    expect(fullName(null)).toBe('');
    expect(initials({ first_name: 'priya', last_name: 'sharma' })).toBe('PS');
    expect(plural(1, 'month')).toBe('1 month');
    expect(plural(6, 'month')).toBe('6 months');
  });
});

describe('tokenStore', () => {
  it('keeps both tokens under the spec keys and clears both', () => {
    tokenStore.setTokens({ access: 'a1', refresh: 'r1' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('a1');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r1');
    expect(ACCESS_TOKEN_KEY).toBe('access_token');
    expect(REFRESH_TOKEN_KEY).toBe('refresh_token');
    tokenStore.setAccess('a2');
    expect(tokenStore.getAccess()).toBe('a2');
    expect(tokenStore.getRefresh()).toBe('r1');
    expect(tokenStore.hasAny()).toBe(true);
    tokenStore.clear();
    expect(tokenStore.getAccess()).toBeNull();
    expect(tokenStore.getRefresh()).toBeNull();
    expect(tokenStore.hasAny()).toBe(false);
  });
});
