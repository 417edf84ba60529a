// First: configures zod before anything parses.
import './lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { setRefreshAccessToken } from './lib/api-refresh.ts';
import { readPreloaded } from './lib/preloaded.ts';
import './styles/index.css';

// The app-wide token refresh (its machine and the API client) loads with the first 401 that needs it.
setRefreshAccessToken(async () => (await import('./app/composition/token-refresh.ts')).refreshOnDemand());

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App preloaded={readPreloaded()} />
  </StrictMode>
);
// The server rendered the page (src/entry-server.tsx): hydrate it once its page chunk is here, so it
// becomes interactive in one pass; otherwise (npm run dev, private pages) render it.
if (root.hasChildNodes()) {
  // In a transition, hydration yields to the browser every few milliseconds instead of one long task:
  // the page (already painted) stays responsive while it becomes interactive.
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  preloadRoute(window.location.pathname).then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
