import { AppConfig } from '../../../contract/index.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { PRELOAD, usePreloaded } from '../../lib/preloaded.ts';
import { appConfigLoader } from '../composition/config.ts';

export function LoginRoute() {
  const preloaded = AppConfig.safeParse(usePreloaded(PRELOAD.config));
  return <LoginPage config={appConfigLoader} preloaded={preloaded.success ? preloaded.data : undefined} />;
}
