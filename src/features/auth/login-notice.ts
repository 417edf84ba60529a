import { MESSAGES } from '../../../contract/index.ts';

/** The navigation state that asks the login page for a notice (after a password reset). */
export type LoginNotice = { notice: 'password-reset' };
export const PASSWORD_RESET_NOTICE: LoginNotice = { notice: 'password-reset' };

/** The login page's notice for a navigation state, if any. */
export function loginNoticeOf(state: unknown): string | null {
  return (state as Partial<LoginNotice> | null)?.notice === 'password-reset' ? MESSAGES.passwordResetDone : null;
}
