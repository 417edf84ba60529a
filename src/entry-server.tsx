import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/router.tsx';
import { anonymousSession, appSessionMachine } from './app/composition/session.ts';
import type { Preloaded } from './lib/preloaded.ts';
import { SessionContext } from './lib/session.ts';

/**
 * Server rendering of a public page with the SPA's own routes and components: the markup of what a
 * visitor who is not logged in sees once the page's data has loaded, given that data (`preloaded`, the
 * same JSON the API answers). The server embeds `preloaded` next to it so the browser hydrates this
 * markup without fetching it again (src/main.tsx). Lazy routes are awaited: the whole page is rendered.
 *
 * `progressiveChunkSize: Infinity`: React outlines a completed Suspense boundary whose markup passes
 * this size (12,800 bytes by default, about nine program cards) into a hidden `<div>` that an inline
 * `$RC` script moves into place. The site's Content-Security-Policy allows no inline script, so the
 * list would stay hidden; with no limit every boundary is written in place and the page has no script.
 */
export async function renderPage(url: string, preloaded: Preloaded): Promise<string> {
  const { pathname, search } = new URL(url);
  // The same tree as the browser's (src/app/app.tsx) with a static router in place of the browser's.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SessionContext.Provider logic={appSessionMachine} options={{ snapshot: anonymousSession }}>
        <StaticRouter location={`${pathname}${search}`}>
          <AppRoutes preloaded={preloaded} />
        </StaticRouter>
      </SessionContext.Provider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
