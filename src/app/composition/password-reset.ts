import { fromPromise } from 'xstate';
import { forgotPasswordMachine, type RequestPasswordResetInput } from '../../../machines/forgot-password.machine.ts';
import { resetPasswordMachine, type SetNewPasswordInput } from '../../../machines/reset-password.machine.ts';
import { requestPasswordReset, setNewPassword } from '../../features/auth/api/auth-api.ts';

export const appForgotPasswordMachine = forgotPasswordMachine.provide({
  actors: {
    requestPasswordReset: fromPromise<unknown, RequestPasswordResetInput>(({ input }) =>
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
