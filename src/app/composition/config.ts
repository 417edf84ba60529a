import type { AppConfig } from '../../../contract/index.ts';
import { loadAppConfig } from '../../features/auth/api/config-api.ts';
import { loaderOf } from './lists.ts';

/** GET /api/config/ (demo mode and its credentials), loaded by the login page. */
export const appConfigLoader = loaderOf<AppConfig>(() => loadAppConfig());
export type AppConfigLoader = typeof appConfigLoader;
