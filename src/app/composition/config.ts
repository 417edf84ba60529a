import type { AppConfig, PricingRules } from '../../../contract/index.ts';
import { loadAppConfig } from '../../features/auth/api/config-api.ts';
import type { AppConfigLoader } from '../../features/auth/types.ts';
import { loaderOf } from './lists.ts';

/** GET /api/config/ (demo mode and its credentials), loaded by the login page. */
export const appConfigLoader: AppConfigLoader = loaderOf<AppConfig>(() => loadAppConfig());

/** The pricing rules of a loaded configuration (null until it is loaded). */
export function pricingOf(config: AppConfig | null | undefined): PricingRules | null {
  if (!config) return null;
  return { pricesIncludeGst: config.prices_include_gst, instituteStateCode: config.institute_state_code ?? '' };
}
