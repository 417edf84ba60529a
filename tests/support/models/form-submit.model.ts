import { ApiError, type CounselingInput } from '../../../contract/index.ts';
import {
  contactMachine,
  forgotPasswordMachine,
  loginFormMachine,
  registerFormMachine,
} from '../../../machines/index.ts';
import type { MachineModel, ModelEvent } from '../machine-model.ts';
import {
  badCredentials,
  networkError,
  sampleNewStudent,
  sampleStudent,
  serverError,
  usernameTaken,
} from '../samples.ts';
import { sampleChallenge } from './session.model.ts';

/**
 * The form-submit factory's instances: each with values that pass its contract schema, values that do
 * not, the answers of a `submit` that succeeded and the errors of one that failed.
 */
export const validCounseling: CounselingInput = {
  name: 'Neha Gupta',
  email: 'neha@example.in',
  phone: '98765 43210',
  preferred_date: '',
  interest: 'Credit Analyst Program',
  message: '',
};
export const invalidCounseling: CounselingInput = { ...validCounseling, name: '', phone: '12345' };
/** A 4xx whose words the user sees (the rate limit, say). */
export const tooManyRequests = new ApiError(429, { detail: 'Too many requests. Please try again later.' });

export const validForgotPassword = { email: 'student@example.in' };
export const invalidForgotPassword = { email: 'student.example.in' };

export const validLogin = { username: 'student', password: 'student123' };
export const invalidLogin = { username: '', password: '' };

export const validRegistration = {
  username: 'arjun',
  email: 'arjun@example.in',
  password: 'long-enough-password',
  first_name: 'Arjun',
  last_name: 'Mehta',
  is_adult: true,
};
export const invalidRegistration = { ...validRegistration, username: 'arjun mehta', password: 'short' };

function formModel(
  name: string,
  machine: MachineModel['machine'],
  samples: { valid: unknown; invalid: unknown; outputs: unknown[]; errors: unknown[] },
): MachineModel {
  return {
    name,
    machine,
    actors: ['submit'],
    appActions: ['submitted'],
    describeEvent: (event) => {
      const values = (event as { values?: unknown }).values;
      if (values === samples.valid) return 'form.submit(valid)';
      if (values === samples.invalid) return 'form.submit(invalid)';
      return undefined;
    },
    events: [
      { type: 'form.submit', values: samples.valid },
      { type: 'form.submit', values: samples.invalid },
      ...samples.outputs.map((output): ModelEvent => ({ type: 'xstate.done.actor.submit', output })),
      ...samples.errors.map((error): ModelEvent => ({ type: 'xstate.error.actor.submit', error })),
    ],
  };
}

export const contactModel = formModel('contact', contactMachine, {
  valid: validCounseling,
  invalid: invalidCounseling,
  outputs: [{ id: 1 }],
  errors: [tooManyRequests, serverError, networkError],
});

export const forgotPasswordModel = formModel('forgot-password', forgotPasswordMachine, {
  valid: validForgotPassword,
  invalid: invalidForgotPassword,
  outputs: [undefined],
  errors: [tooManyRequests, serverError, networkError],
});

export const loginFormModel = formModel('login-form', loginFormMachine, {
  valid: validLogin,
  invalid: invalidLogin,
  outputs: [sampleStudent, sampleChallenge],
  errors: [badCredentials, networkError],
});

export const registerFormModel = formModel('register-form', registerFormMachine, {
  valid: validRegistration,
  invalid: invalidRegistration,
  outputs: [sampleNewStudent],
  errors: [usernameTaken, networkError],
});
