import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app/router.tsx';
import { anonymousSession, appSessionMachine } from './app/composition/session.ts';
import { PreloadedContext, type Preloaded } from './lib/preloaded.ts';
import { SessionContext } from './lib/session.ts';

/**
 * Server rendering of a public page with the SPA's own routes and components: the markup of what a
 * visitor who is not logged in sees once the page's data has loaded, given that data (`preloaded`, the
 * same JSON the API answers). The server embeds `preloaded` next to it so the browser hydrates this
 * markup without fetching it again (src/main.tsx). Lazy routes are awaited: the whole page is rendered.
 */
export async function renderPage(url: string, preloaded: Preloaded): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Unexpected redirect while rendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SessionContext.Provider logic={appSessionMachine} options={{ snapshot: anonymousSession }}>
        <PreloadedContext.Provider value={preloaded}>
          {/* No inline hydration script (the CSP allows none); the routes have no loaders to hydrate. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PreloadedContext.Provider>
      </SessionContext.Provider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
