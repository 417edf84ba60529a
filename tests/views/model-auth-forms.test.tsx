import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { loginFormMachine, registerFormMachine, sessionMachine, type FormSubmitContext } from '../../machines/index.ts';
import type { MachinePath } from '../support/machine-paths.ts';
import { modelPaths } from '../support/machine-model.ts';
import { loginFormModel, registerFormModel, sampleChallenge } from '../support/models/index.ts';
import { LoginPage } from '../../src/features/auth/components/login-page.tsx';
import { RegisterPage } from '../../src/features/auth/components/register-page.tsx';
import { appConfigLoader } from '../../src/app/composition/config.ts';
import { SessionContext } from '../../src/lib/session.ts';
import { inState, replayInView } from './support/replay-view.ts';

/** A visitor: the session starts where a check without a stored token ends. */
const anonymous = sessionMachine.getPersistedSnapshot(
  sessionMachine.resolveState({
    value: 'unauthenticated',
    context: { user: null, error: null, mfaToken: null, mfaPasskey: false },
  }),
);

/** The page's error notice (field errors are alerts too, under their fields). */
const noticeAlert = () => document.querySelector('.notice-error');

function expectFieldErrors(errors: Record<string, string>) {
  for (const message of Object.values(errors)) expect(screen.getByText(message)).toBeInTheDocument();
  if (Object.keys(errors).length === 0) expect(document.querySelectorAll('.field-error')).toHaveLength(0);
}

/** A signed-in user leaves the form for their home page: nothing more happens on it. */
function endsWhenSignedIn<T>(paths: MachinePath<T>[], signsIn: (output: unknown) => boolean): MachinePath<T>[] {
  return paths.filter((path) =>
    path.steps.every(
      (step, index) =>
        index === path.steps.length - 1 ||
        step.event.type !== 'xstate.done.actor.submit' ||
        !signsIn((step.event as { output?: unknown }).output),
    ),
  );
}

function renderPage(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Home page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionContext.Provider logic={sessionMachine} options={{ snapshot: anonymous }}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return router;
}

describe('login form, model-based: every generated path replayed on the login page', () => {
  // After a challenge the second step shows; Cancel leads back to the form.
  const paths = endsWhenSignedIn(modelPaths(loginFormModel), (output) => output !== sampleChallenge);
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(4));

  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      let router: ReturnType<typeof createMemoryRouter>;
      await replayInView(loginFormModel, path, {
        mount: (fakes) => {
          const logic = loginFormMachine.provide({ actors: fakes.actors as never });
          router = renderPage('/login', <LoginPage logic={logic} config={appConfigLoader} />);
          return null;
        },
        perform: async (event) => {
          const cancel = screen.queryByRole('button', { name: 'Cancel' });
          if (cancel) await user.click(cancel);
          const { username, password } = (event as unknown as { values: { username: string; password: string } })
            .values;
          fireEvent.change(screen.getByLabelText(/Username/), { target: { value: username } });
          fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
          // In flight the button is disabled: a second submit is the form's (Enter in a field).
          if (screen.getByRole('button', { name: /^Login$|Logging in/ }).hasAttribute('disabled'))
            fireEvent.submit(screen.getByLabelText(/Username/).closest('form')!);
          else await user.click(screen.getByRole('button', { name: 'Login' }));
        },
        expectState: (expected, _context, event) => {
          const context = expected.context as FormSubmitContext<unknown>;
          if (inState(expected, 'done')) {
            const output = (event as { output?: unknown }).output;
            if (output === sampleChallenge) {
              // The session took the challenge: the second step.
              expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
            } else {
              // Signed in: on to the user's home.
              expect(router.state.location.pathname).toBe('/dashboard');
            }
            return;
          }
          expect(router.state.location.pathname).toBe('/login');
          if (inState(expected, 'failed')) expect(noticeAlert()).toHaveTextContent(context.failure!);
          else expect(noticeAlert()).toBeNull();
          if (expected.tags.includes('busy'))
            expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
          else expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
          expectFieldErrors(context.errors);
        },
      });
    });
  }
});

describe('sign-up form, model-based: every generated path replayed on the sign-up page', () => {
  const paths = endsWhenSignedIn(modelPaths(registerFormModel), () => true);
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(4));

  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      let router: ReturnType<typeof createMemoryRouter>;
      await replayInView(registerFormModel, path, {
        mount: (fakes) => {
          const logic = registerFormMachine.provide({ actors: fakes.actors as never });
          router = renderPage('/register', <RegisterPage logic={logic} />);
          return null;
        },
        perform: async (event) => {
          const values = (event as unknown as { values: Record<string, string> }).values;
          for (const [label, name] of [
            [/First name/, 'first_name'],
            [/Last name/, 'last_name'],
            [/Username/, 'username'],
            [/^Email/, 'email'],
            [/^Password/, 'password'],
          ] as const)
            fireEvent.change(screen.getByLabelText(label), { target: { value: values[name] } });
          const adult = screen.getByLabelText('I am 18 or older');
          if (!(adult as HTMLInputElement).checked) await user.click(adult);
          if (screen.getByRole('button', { name: /Sign up|Creating account/ }).hasAttribute('disabled'))
            fireEvent.submit(adult.closest('form')!);
          else await user.click(screen.getByRole('button', { name: 'Sign up' }));
        },
        expectState: (expected) => {
          const context = expected.context as FormSubmitContext<unknown>;
          if (inState(expected, 'done')) {
            // Signed in: on to the new student's home.
            expect(router.state.location.pathname).toBe('/dashboard');
            return;
          }
          expect(router.state.location.pathname).toBe('/register');
          if (inState(expected, 'failed')) expect(noticeAlert()).toHaveTextContent(context.failure!);
          else expect(noticeAlert()).toBeNull();
          if (expected.tags.includes('busy'))
            expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
          else expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
          expectFieldErrors(context.errors);
        },
      });
    });
  }
});
