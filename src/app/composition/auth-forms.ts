import { fromPromise } from 'xstate';
import type { LoginInput, MfaChallenge, RegisterInput, User } from '../../../contract/index.ts';
import { loginFormMachine, registerFormMachine, type FormSubmitInput } from '../../../machines/form-submit.machine.ts';
import { login, register } from '../../features/auth/api/auth-api.ts';

/**
 * The login and sign-up forms (with the login and register routes' chunks). Each answer (the user, or
 * the login's challenge for a second factor) goes to the session through `submitted`, which the page
 * supplies: it holds the session.
 */
export const appLoginFormMachine = loginFormMachine.provide({
  actors: {
    submit: fromPromise<User | MfaChallenge, FormSubmitInput<LoginInput>>(({ input }) => login(input.values)),
  },
});

export const appRegisterFormMachine = registerFormMachine.provide({
  actors: {
    submit: fromPromise<User, FormSubmitInput<RegisterInput>>(({ input }) => register(input.values)),
  },
});
