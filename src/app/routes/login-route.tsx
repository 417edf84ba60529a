import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { appConfigLoader } from '../composition/config.ts';

export const LoginRoute = () => <LoginPage config={appConfigLoader} />;
