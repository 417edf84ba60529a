import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { MfaChallenge, User } from '../../contract/index.ts';
import {
  loginFormMachine,
  passkeyMachine,
  registerFormMachine,
  sessionMachine,
  type PasskeyCeremonyInput,
  type SessionContext as SessionCtx,
} from '../../machines/index.ts';
import { PasskeySignInButton } from '../../src/features/auth/components/passkey-button.tsx';
import { machinePaths } from '../support/machine-paths.ts';
import { sessionModel, validLogin, validRegistration } from '../support/models/index.ts';
import { sampleNewStudent } from '../support/samples.ts';
import { RootRoute } from '../../src/app/root-route.tsx';
import { Header } from '../../src/components/layout/header.tsx';
import { LoginPage } from '../../src/features/auth/components/login-page.tsx';
import { appConfigLoader } from '../../src/app/composition/config.ts';
import { RegisterPage } from '../../src/features/auth/components/register-page.tsx';
import { displayName, SessionContext } from '../../src/lib/session.ts';
import { announceSessionExpired } from '../../src/lib/auth-events.ts';
import { inState, replayInView } from './support/replay-view.ts';

const paths = machinePaths(sessionModel.machine, { events: sessionModel.events, kind: ['cover'] });
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
/** The user a passkey ceremony signs in (session.signedIn): the authenticator and server are fakes. */
let passkeyUser: User | null = null;
const passkeyLogic = passkeyMachine.provide({
  actors: {
    options: fromPromise<unknown, PasskeyCeremonyInput>(async () => ({ challenge: 'c' })),
    authenticate: fromPromise<unknown, { options: unknown }>(async () => ({ id: 'k' })),
    verify: fromPromise<unknown, PasskeyCeremonyInput & { response: unknown }>(async () => passkeyUser),
  },
});
/** What the login and sign-up forms' calls answer (their own paths are in model-auth-forms.test.tsx). */
let formAnswer: User | MfaChallenge | null = null;
const loginForm = loginFormMachine.provide({
  actors: { submit: fromPromise<unknown, unknown>(async () => formAnswer) as never },
});
const registerForm = registerFormMachine.provide({
  actors: { submit: fromPromise<unknown, unknown>(async () => formAnswer) as never },
});
const change = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('session, model-based: every generated path replayed on the login, sign-up and chrome views', () => {
  // The login form's answer (a challenge, a user), the sign-up form's (the new student) and the passkey's
  // come to the session as session.challenged / session.signedIn.
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(5));

  for (const path of paths) {
    it(path.description, { timeout: 30_000 }, async () => {
      const user = userEvent.setup();
      let router: ReturnType<typeof createMemoryRouter>;
      await replayInView(sessionModel, path, {
        mount: (fakes) => {
          const logic = sessionMachine.provide({
            actors: fakes.actors as never,
            actions: { clearTokens: () => undefined, reportError: () => undefined },
          });
          const withChrome = (
            <>
              <Header />
              <Outlet />
            </>
          );
          router = createMemoryRouter(
            [
              {
                element: <RootRoute />,
                children: [
                  {
                    element: withChrome,
                    children: [
                      {
                        path: '/login',
                        element: (
                          <LoginPage
                            logic={loginForm}
                            config={appConfigLoader}
                            passkeySignIn={<PasskeySignInButton logic={passkeyLogic} label="Sign in with a passkey" />}
                            passkeySecondStep={(token) => (
                              <PasskeySignInButton logic={passkeyLogic} label="Use a passkey" mfaToken={token} />
                            )}
                          />
                        ),
                      },
                      { path: '/register', element: <RegisterPage logic={registerForm} /> },
                      { path: '*', element: <p>Another page</p> },
                    ],
                  },
                ],
              },
            ],
            { initialEntries: ['/login'] },
          );
          render(
            <SessionContext.Provider logic={logic}>
              <RouterProvider router={router} />
            </SessionContext.Provider>,
          );
          return null;
        },
        perform: async (event) => {
          if (event.type === 'session.challenged') {
            // The right password of an account with a second factor: the login form's answer is the challenge.
            formAnswer = (event as unknown as { challenge: MfaChallenge }).challenge;
            if (router.state.location.pathname !== '/login') await act(() => router.navigate('/login'));
            change(/Username/, validLogin.username);
            change(/Password/, validLogin.password);
            return user.click(screen.getByRole('button', { name: 'Login' }));
          }
          if (event.type === 'session.signedIn' && (event as unknown as { user: User }).user === sampleNewStudent) {
            // A sign-up: the form's answer is the new student.
            formAnswer = sampleNewStudent;
            if (router.state.location.pathname !== '/register') await act(() => router.navigate('/register'));
            change(/First name/, validRegistration.first_name);
            change(/Last name/, validRegistration.last_name);
            change(/Username/, validRegistration.username);
            change(/Email/, validRegistration.email);
            change(/Password/, validRegistration.password);
            await user.click(screen.getByLabelText('I am 18 or older'));
            return user.click(screen.getByRole('button', { name: 'Sign up' }));
          }
          if (event.type === 'session.secondFactor') {
            const answer = event as unknown as { code?: string; recovery_code?: string };
            if (answer.recovery_code !== undefined) {
              await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
              change(/Recovery code/, answer.recovery_code);
            } else {
              change(/Authentication code/, answer.code!);
            }
            return user.click(screen.getByRole('button', { name: 'Verify' }));
          }
          if (event.type === 'session.signedIn') {
            // A passkey: "Use a passkey" at the second step (the account has one), else "Sign in with a passkey".
            passkeyUser = (event as unknown as { user: User }).user;
            const second = screen.queryByRole('button', { name: 'Use a passkey' });
            if (second) return user.click(second);
            if (router.state.location.pathname !== '/login') await act(() => router.navigate('/login'));
            return user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
          }
          if (event.type === 'session.cancelSecondFactor')
            return user.click(screen.getByRole('button', { name: 'Cancel' }));
          if (event.type === 'session.logout') return user.click(nav().getByRole('button', { name: 'Logout' }));
          if (event.type === 'session.expired') act(() => announceSessionExpired());
        },
        expectState: (expected) => {
          const context = expected.context as SessionCtx;
          if (inState(expected, 'authenticated')) {
            expect(nav().getByText(displayName(context.user))).toBeInTheDocument();
            expect(nav().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
            expect(nav().getByText(context.user!.profile.role.toUpperCase())).toBeInTheDocument();
            return;
          }
          // Every other state: the visitor's chrome.
          expect(nav().getByRole('link', { name: 'Login' })).toBeInTheDocument();
          expect(nav().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
          if (inState(expected, 'secondFactor')) {
            expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
            expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
            if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
            else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          }
          if (inState(expected, 'verifyingSecondFactor'))
            expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
          const onForm = ['/login', '/register'].includes(router.state.location.pathname);
          if (inState(expected, 'unauthenticated') && onForm) {
            if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
            else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          }
        },
      });
    });
  }
});
