import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  BillingInput,
  EMPTY_CHECKOUT_FORM,
  FIELD_MESSAGES,
  NON_FIELD_ERRORS,
  PaymentStartInput,
  firstFieldErrors,
  validateCheckout,
  zodFieldErrors,
} from '../../contract/index.ts';

describe('one way from a zod error to field errors', () => {
  it('keys nested fields by their dotted path and whole-body issues under non_field_errors', () => {
    const nested = PaymentStartInput.safeParse({
      billing: { first_name: 'A', last_name: 'B', email: 'x', phone: '1' },
    });
    expect(zodFieldErrors(nested.error!)).toEqual({
      'billing.email': [FIELD_MESSAGES.email],
      'billing.phone': [FIELD_MESSAGES.phone],
    });
    const body = PaymentStartInput.safeParse('not an object');
    expect(Object.keys(zodFieldErrors(body.error!))).toEqual([NON_FIELD_ERRORS]);
  });

  it('gives forms the first message of each of the same keys', () => {
    const schema = z.object({ code: z.string().min(2, 'Too short.').regex(/^\d+$/, 'Digits only.') });
    const error = schema.safeParse({ code: 'x' }).error!;
    expect(zodFieldErrors(error)).toEqual({ code: ['Too short.', 'Digits only.'] });
    expect(firstFieldErrors(error)).toEqual({ code: 'Too short.' });
  });
});

describe('the checkout form checks the person with the payment start rules', () => {
  const person = { first_name: 'Priya', last_name: 'Sharma', email: 'priya@example.in' };
  it.each([
    ['98765 43210', undefined],
    ['+91 98765-43210', undefined],
    ['09876543210', undefined],
    ['5876543210', FIELD_MESSAGES.phone],
    ['12345', FIELD_MESSAGES.phone],
    ['', FIELD_MESSAGES.phoneRequired],
  ])('phone %s: the form and the server agree (%s)', (phone, message) => {
    const server = BillingInput.safeParse({ ...person, phone });
    const form = validateCheckout({
      ...EMPTY_CHECKOUT_FORM,
      firstName: 'Priya',
      lastName: 'Sharma',
      email: person.email,
      phone,
    });
    expect(form.phone).toBe(message);
    expect(server.success ? undefined : firstFieldErrors(server.error).phone).toBe(message);
  });

  it.each([
    ['priya@', FIELD_MESSAGES.email],
    ['priya@example', FIELD_MESSAGES.email],
    ['', FIELD_MESSAGES.emailRequired],
  ])('email %s: the form and the server agree (%s)', (email, message) => {
    const server = BillingInput.safeParse({ ...person, email, phone: '9876543210' });
    const form = validateCheckout({ ...EMPTY_CHECKOUT_FORM, email });
    expect(form.email).toBe(message);
    expect(server.success ? undefined : firstFieldErrors(server.error).email).toBe(message);
  });

  it('sends the server the bare ten digits however the phone was written', () => {
    expect(BillingInput.parse({ ...person, phone: '+91 98765-43210' }).phone).toBe('9876543210');
  });
});
