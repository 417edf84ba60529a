import type { AppConfig } from '../../../contract/index.ts';
import type { LoaderLogic } from '../../../machines/loader.machine.ts';

/** What the login page needs: a loader of GET /api/config/ (app/composition supplies it). */
export type AppConfigLoader = LoaderLogic<AppConfig>;
