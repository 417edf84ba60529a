// First: configures zod before anything parses.
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
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
// The server rendered the page (src/entry-server.tsx): hydrate it; otherwise (npm run dev) render it.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
