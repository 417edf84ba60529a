import { RegisterPage } from '../../features/auth/components/register-page.tsx';
import { appRegisterFormMachine } from '../composition/auth-forms.ts';

/** /register — student sign-up on its form machine. */
export function RegisterRoute() {
  return <RegisterPage logic={appRegisterFormMachine} />;
}
