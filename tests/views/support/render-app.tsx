import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router-dom';
import type { AppConfig, User } from '../../../contract/index.ts';
import { App } from '../../../src/app/app.tsx';
import { startTokenRefresh } from '../../../src/app/composition/token-refresh.ts';
import { createTestRouter } from '../../../src/app/router.tsx';
import { tokenStore } from '../../../src/lib/token-store.ts';
import { installFakeApi, type Handler } from './fake-api.ts';

type Options = {
  user?: User | null;
  routes?: Record<string, Handler>;
  demo?: boolean;
  pricing?: Pick<AppConfig, 'prices_include_gst' | 'institute_state_code'>;
};

/** The whole app at `path`, in memory, logged in as `user` when given, over a fake API. */
export function renderApp(path: string, { user = null, routes = {}, demo = false, pricing }: Options = {}) {
  if (user) tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
  const api = installFakeApi(routes, { user, demo, pricing });
  const refresher = startTokenRefresh();
  const router = createTestRouter(path);
  const view = render(<App routing={<RouterProvider router={router} />} />);
  return { ...view, api, router, refresher, user: userEvent.setup() };
}
