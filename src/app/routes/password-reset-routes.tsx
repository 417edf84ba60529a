import { useSearchParams } from 'react-router-dom';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';
import { appForgotPasswordMachine, appResetPasswordMachine } from '../composition/password-reset.ts';

/** /forgot-password — ask for a reset link on its machine. */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage logic={appForgotPasswordMachine} />;
}

/** /reset-password?token=... — the emailed link: set a new password on its machine. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A new token (another link opened in this tab) starts a new machine.
  return <ResetPasswordPage key={token} logic={appResetPasswordMachine} token={token} />;
}
