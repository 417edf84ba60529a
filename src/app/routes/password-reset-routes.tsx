import { useLocation } from 'react-router-dom';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';
import { appForgotPasswordMachine, appResetPasswordMachine } from '../composition/password-reset.ts';

/** /forgot-password — ask for a reset link on its machine. */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage logic={appForgotPasswordMachine} />;
}

/**
 * /reset-password#token=... — the emailed link: set a new password on its machine. The token is in the
 * fragment, which the browser never sends to a server (no request log holds it); the page posts it.
 */
export function ResetPasswordRoute() {
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('token') ?? '';
  // A new token (another link opened in this tab) starts a new machine.
  return <ResetPasswordPage key={token} logic={appResetPasswordMachine} token={token} />;
}
