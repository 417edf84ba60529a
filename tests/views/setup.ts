import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppConfigCache } from '../../src/features/auth/api/config-api.ts';

beforeEach(() => {
  localStorage.clear();
  resetAppConfigCache();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
