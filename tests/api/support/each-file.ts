import { afterAll, vi } from 'vitest';
import { setClock } from '../../../server/platform/lib/clock.ts';

/**
 * The API files share one module graph (isolate: false in vite.config.ts): whatever clock a file set, real
 * time comes back when it ends, so no later file starts with a fake Date or the instalments' test clock.
 */
afterAll(() => {
  vi.useRealTimers();
  setClock(null);
});
