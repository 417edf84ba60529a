import { fromPromise } from 'xstate';
import type { PasswordResetRequestInput } from '../../../contract/index.ts';
import { forgotPasswordMachine, type FormSubmitInput } from '../../../machines/form-submit.machine.ts';
import { resetPasswordMachine, type SetNewPasswordInput } from '../../../machines/reset-password.machine.ts';
import { requestPasswordReset, setNewPassword } from '../../features/auth/api/auth-api.ts';

export const appForgotPasswordMachine = forgotPasswordMachine.provide({
  actors: {
    submit: fromPromise<unknown, FormSubmitInput<PasswordResetRequestInput>>(({ input }) =>
      requestPasswordReset(input.values.email),
    ),
  },
});

export const appResetPasswordMachine = resetPasswordMachine.provide({
  actors: {
    setNewPassword: fromPromise<unknown, SetNewPasswordInput>(({ input }) =>
      setNewPassword(input.token, input.password),
    ),
  },
});
