// First: configures zod before anything parses.
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { startTokenRefresh } from './app/composition/token-refresh.ts';
import { readPreloaded } from './lib/preloaded.ts';
import './styles/index.css';

startTokenRefresh();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App preloaded={readPreloaded()} />
  </StrictMode>
);
// The server rendered the page (src/entry-server.tsx): hydrate it once its page chunk is here, so it
// becomes interactive in one pass; otherwise (npm run dev, private pages) render it.
if (root.hasChildNodes()) {
  preloadRoute(window.location.pathname).then(
    () => hydrateRoot(root, app),
    () => hydrateRoot(root, app),
  );
} else {
  createRoot(root).render(app);
}
