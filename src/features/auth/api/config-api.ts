import { API, AppConfig } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

let cached: Promise<AppConfig> | null = null;

/** GET /api/config/ once per page load: demo mode and its credentials. */
export function loadAppConfig(): Promise<AppConfig> {
  cached ??= api.get(API.config, AppConfig).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Tests start each case from a fresh page load. */
export function resetAppConfigCache(): void {
  cached = null;
}
