import type { AppConfig } from '../../../contract/index.ts';
import { loadAppConfig } from '../../features/auth/api/config-api.ts';
import type { AppConfigLoader } from '../../features/auth/types.ts';
import { loaderOf } from './lists.ts';

/** GET /api/config/ (demo mode and its credentials), loaded by the login page. */
export const appConfigLoader: AppConfigLoader = loaderOf<AppConfig>(() => loadAppConfig());
