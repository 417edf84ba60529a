import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppConfigCache } from '../../src/features/auth/api/config-api.ts';

// Route chunks load lazily: the first visit of a page in a file may take a moment under a busy CI.
configure({ asyncUtilTimeout: 20_000 });
// Whole-app renders with lazy chunks run long on a 2-core CI machine under parallel files.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  // The files of a worker share one page (isolate: false): nothing a test kept in the browser's storage (a
  // checkout draft in sessionStorage too) reaches the next test, whatever file it is in.
  localStorage.clear();
  sessionStorage.clear();
  resetAppConfigCache();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
