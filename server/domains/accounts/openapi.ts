import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { Empty, type Operation } from '../../platform/openapi-operation.ts';

/** Sign-up, log-in, tokens, password reset and the caller's profile. */

export const AUTH_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: C.API.token,
    summary: 'Log in: an access and a refresh token (with a second factor on: {mfa_required, mfa_token}, no tokens)',
    tag: 'Auth',
    access: 'public',
    body: C.LoginInput,
    responses: { 200: z.union([C.TokenPair, C.MfaChallenge]) },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: C.API.tokenRefresh,
    summary: 'A new token pair for a refresh token, which is retired (rotation; reusing it ends the login)',
    tag: 'Auth',
    access: 'public',
    body: C.RefreshInput,
    responses: { 200: C.TokenPair },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: C.API.register,
    summary:
      'Sign up as a student (the age declaration, date_of_birth or is_adult, is required: 400 naming date_of_birth)',
    tag: 'Auth',
    access: 'public',
    body: C.RegisterInput,
    responses: { 201: C.TokenPair },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: C.API.passwordReset,
    summary: 'Forgot password: emails a single-use link (30 minutes) to the account, same answer for any address',
    tag: 'Auth',
    access: 'public',
    body: C.PasswordResetRequestInput,
    responses: { 202: z.object({ detail: z.string() }) },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: C.API.passwordResetConfirm,
    summary: 'Set a new password with the emailed token; revokes every refresh token of the account',
    tag: 'Auth',
    access: 'public',
    body: C.PasswordResetConfirmInput,
    responses: { 204: Empty },
    errors: [400],
  },
  {
    method: 'post',
    path: C.API.logout,
    summary: 'Revoke a refresh token',
    tag: 'Auth',
    access: 'public',
    body: C.RefreshInput,
    responses: { 204: Empty },
    errors: [400, 401],
  },
  {
    method: 'get',
    path: C.API.me,
    summary: 'The current user',
    tag: 'Auth',
    access: 'user',
    responses: { 200: C.User },
  },
];
