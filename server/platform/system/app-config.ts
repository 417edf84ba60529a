import type { AppConfig } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import { DEMO_ADMIN } from '../db/seed.ts';

/**
 * GET /api/config/ (and the login page's server-rendered copy): demo mode and its credentials, how
 * prices are taxed, so the checkout shows exactly the total the server charges, the privacy notice's
 * version its consent choices acknowledge, and the largest upload (shown beside a file input).
 */
export function appConfigOf(
  config: Pick<Config, 'demoMode' | 'pricesIncludeGst' | 'institute' | 'privacy' | 'uploadMaxBytes'>,
): AppConfig {
  return {
    demo_mode: config.demoMode,
    demo_credentials: config.demoMode ? { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } : null,
    prices_include_gst: config.pricesIncludeGst,
    institute_state_code: config.institute.stateCode || null,
    privacy_notice_version: config.privacy.noticeVersion,
    upload_max_bytes: config.uploadMaxBytes,
  };
}
