import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API,
  AdminListQuery,
  ApiError,
  MESSAGES,
  ProgramInput,
  ResolveInput,
  durationMonths,
  User,
  userMessage,
} from '../../contract/index.ts';

describe('ApiError and userMessage', () => {
  it("shows the server's detail for a refused login", () => {
    const error = new ApiError(401, { detail: 'No active account found with the given credentials' });
    expect(userMessage(error, MESSAGES.loginFailed)).toBe('No active account found with the given credentials');
  });

  it("shows the server's error field for a refused payment", () => {
    const error = new ApiError(400, { error: 'You are already enrolled in this course.' });
    expect(userMessage(error, MESSAGES.paymentStartFailed)).toBe('You are already enrolled in this course.');
  });

  it('falls back to the spec text for server faults and network failures', () => {
    expect(userMessage(new ApiError(500, { detail: 'Server error.' }), MESSAGES.loginFailed)).toBe(
      MESSAGES.loginFailed,
    );
    expect(userMessage(new TypeError('Failed to fetch'), MESSAGES.loginFailed)).toBe(MESSAGES.loginFailed);
  });

  it('exposes the first message of each field of a validation answer', () => {
    const error = new ApiError(400, { title: ['Title is required.'], price: ['Price must be a number.', 'x'] });
    expect(error.fieldErrors).toEqual({ title: 'Title is required.', price: 'Price must be a number.' });
    expect(new ApiError(400, { error: 'x' }).fieldErrors).toEqual({});
  });
});

describe('payload schemas', () => {
  it('names every missing required field of the admin program form', () => {
    const result = ProgramInput.safeParse({});
    expect(result.success).toBe(false);
    const fields = Object.keys(z.flattenError(result.error!).fieldErrors).sort();
    expect(fields).toEqual(['category', 'description', 'duration_weeks', 'level', 'price', 'target_audience', 'title']);
  });

  it('treats an empty failure reason from the resolve form as none', () => {
    expect(ResolveInput.parse({ status: 'failed', failure_reason: '' }).failure_reason).toBeNull();
    expect(ResolveInput.safeParse({ status: 'refunded' }).success).toBe(false);
  });

  it('bounds admin page sizes', () => {
    expect(AdminListQuery.parse({})).toMatchObject({ page: 1, page_size: 50 });
    expect(AdminListQuery.safeParse({ page_size: '500' }).success).toBe(false);
  });
});

describe('shared rules', () => {
  it('derives months from the stored weeks', () => {
    expect(durationMonths(24)).toBe(6);
    expect(durationMonths(52)).toBe(12);
    expect(durationMonths(1)).toBe(1);
  });

  it('keeps the spec paths, trailing slashes included', () => {
    expect(API.faculty.update(7)).toBe('/classroom/faculty/7/update/');
    expect(API.successStories.create).toBe('/classroom/success-stories/create/');
    expect(API.programs.payment()).toBe('/classroom/programs/:id/payment/');
    expect(API.admin.resolvePayment(3)).toBe('/api/admin/payments/3/resolve/');
  });
});

describe('entities', () => {
  it('reads a user whose profile has no role as a student (spec section 3)', () => {
    const user = User.parse({
      id: 5,
      username: 'asha',
      email: 'asha@example.in',
      email_verified: true,
      first_name: 'Asha',
      last_name: 'Rao',
      profile: { is_admin: false, is_instructor: false, is_student: true },
    });
    expect(user.profile.role).toBe('student');
  });
});
