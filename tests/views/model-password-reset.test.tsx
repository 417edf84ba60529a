import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import {
  forgotPasswordMachine,
  resetPasswordMachine,
  type FormSubmitContext,
  type ResetPasswordContext,
  type ResetPasswordInput,
} from '../../machines/index.ts';
import { modelPaths } from '../support/machine-model.ts';
import { forgotPasswordModel, resetPasswordModel } from '../support/models/index.ts';
import { ForgotPasswordPage } from '../../src/features/auth/components/forgot-password-page.tsx';
import { ResetPasswordPage } from '../../src/features/auth/components/reset-password-page.tsx';
import { loginNoticeOf } from '../../src/features/auth/login-notice.ts';
import { inState, replayInView } from './support/replay-view.ts';

/** The login page as far as these pages need it: where it is and the notice it was sent. */
function LoginStub() {
  return <p>Login page</p>;
}

/** The page's error notice (field errors are alerts too, under their fields). */
const noticeAlert = () => document.querySelector('.notice-error');

function expectFieldErrors(errors: Record<string, string>) {
  for (const message of Object.values(errors)) expect(screen.getByText(message)).toBeInTheDocument();
  if (Object.keys(errors).length === 0) expect(document.querySelectorAll('.field-error')).toHaveLength(0);
}

describe('forgot password, model-based: every generated path replayed on the page', () => {
  const paths = modelPaths(forgotPasswordModel);
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(2));

  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      await replayInView(forgotPasswordModel, path, {
        mount: (fakes) => {
          const logic = forgotPasswordMachine.provide({ actors: fakes.actors as never });
          const router = createMemoryRouter(
            [
              { path: '/forgot-password', element: <ForgotPasswordPage logic={logic} /> },
              { path: '/login', element: <LoginStub /> },
            ],
            { initialEntries: ['/forgot-password'] },
          );
          render(<RouterProvider router={router} />);
          return null;
        },
        perform: async (event) => {
          const { email } = (event as unknown as { values: { email: string } }).values;
          fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
          // In flight the button is disabled: a second submit is the form's (Enter in the field).
          if (screen.getByRole('button', { name: /Send reset link|Sending/ }).hasAttribute('disabled'))
            fireEvent.submit(screen.getByLabelText(/Email/).closest('form')!);
          else await user.click(screen.getByRole('button', { name: 'Send reset link' }));
        },
        expectState: (expected) => {
          const context = expected.context as FormSubmitContext<unknown>;
          // The same answer for every address.
          if (inState(expected, 'done'))
            expect(screen.getByRole('status')).toHaveTextContent(SERVER_MESSAGES.resetRequested);
          else expect(screen.queryByText(SERVER_MESSAGES.resetRequested)).not.toBeInTheDocument();
          if (inState(expected, 'failed')) expect(noticeAlert()).toHaveTextContent(context.failure!);
          else expect(noticeAlert()).toBeNull();
          if (expected.tags.includes('busy')) expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
          else expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
          expectFieldErrors(context.errors);
        },
      });
    });
  }
});

describe('reset password, model-based: every generated path replayed on the emailed link’s page', () => {
  const paths = modelPaths(resetPasswordModel);
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(4));

  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      let router: ReturnType<typeof createMemoryRouter>;
      await replayInView(resetPasswordModel, path, {
        mount: (fakes, input) => {
          const { token } = input as ResetPasswordInput;
          const logic = resetPasswordMachine.provide({ actors: fakes.actors as never });
          router = createMemoryRouter(
            [
              { path: '/reset-password', element: <ResetPasswordPage logic={logic} token={token} /> },
              { path: '/login', element: <LoginStub /> },
              { path: '/forgot-password', element: <p>Forgot password page</p> },
            ],
            { initialEntries: [`/reset-password#token=${token}`] },
          );
          render(<RouterProvider router={router} />);
          return null;
        },
        perform: async (event) => {
          const { password } = (event as unknown as { values: { password: string } }).values;
          fireEvent.change(screen.getByLabelText(/New password/), { target: { value: password } });
          await user.click(screen.getByRole('button', { name: 'Set new password' }));
        },
        expectState: (expected) => {
          const context = expected.context as ResetPasswordContext;
          if (inState(expected, 'done')) {
            // Done: on to the login page, which shows "Your password has been changed...".
            expect(router.state.location.pathname).toBe('/login');
            expect(loginNoticeOf(router.state.location.state)).toBe(MESSAGES.passwordResetDone);
            return;
          }
          expect(router.state.location.pathname).toBe('/reset-password');
          if (inState(expected, 'invalid')) {
            expect(noticeAlert()).toHaveTextContent(SERVER_MESSAGES.resetLinkInvalid);
            expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
              'href',
              '/forgot-password',
            );
            expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
            return;
          }
          expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
          if (inState(expected, 'failed')) expect(noticeAlert()).toHaveTextContent(context.failure!);
          else expect(noticeAlert()).toBeNull();
          if (expected.tags.includes('busy')) expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
          else expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
          expectFieldErrors(context.errors);
        },
      });
    });
  }
});
