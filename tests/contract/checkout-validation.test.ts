import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES as M,
  EMPTY_CHECKOUT_FORM,
  type CheckoutForm,
  checkoutBilling,
  validateCheckout,
  GSTIN_MESSAGES,
} from '../../contract/index.ts';

const validCard: CheckoutForm = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya@example.in',
  phone: '98765 43210',
  stateCode: '27',
  address: '12 Marine Drive, Mumbai 400020',
  paymentMethod: 'credit_card',
};

describe('checkout validation', () => {
  it('accepts the person, the billing address and a payment method: no card data is asked', () => {
    expect(validateCheckout(validCard)).toEqual({});
    expect(validateCheckout({ ...validCard, paymentMethod: 'upi' })).toEqual({});
    expect(Object.keys(EMPTY_CHECKOUT_FORM).sort()).toEqual(
      ['address', 'email', 'firstName', 'gstin', 'gstinName', 'lastName', 'paymentMethod', 'phone', 'stateCode'].sort(),
    );
  });

  it('requires the personal fields with the messages the form shows', () => {
    expect(validateCheckout({ ...EMPTY_CHECKOUT_FORM })).toEqual({
      firstName: M.firstName,
      lastName: M.lastName,
      email: M.emailRequired,
      phone: M.phoneRequired,
      stateCode: M.stateCode,
      address: M.address,
    });
  });

  it('checks email and Indian mobile numbers', () => {
    const errors = validateCheckout({ ...validCard, email: 'priya@', phone: '12345' });
    expect(errors.email).toBe(M.email);
    expect(errors.phone).toBe(M.phone);
    expect(validateCheckout({ ...validCard, phone: '+91 98765-43210' }).phone).toBeUndefined();
  });

  it('sends the server the method and the person (the gateway asks for the card)', () => {
    const body = checkoutBilling(validCard);
    expect(body).toEqual({
      payment_method: 'credit_card',
      billing: {
        first_name: 'Priya',
        last_name: 'Sharma',
        email: 'priya@example.in',
        phone: '9876543210',
        state_code: '27',
        address: '12 Marine Drive, Mumbai 400020',
      },
    });
  });

  it('asks for the billing state and address, and checks an optional GSTIN against the state', () => {
    expect(validateCheckout({ ...validCard, stateCode: '', address: ' ' })).toEqual({
      stateCode: M.stateCode,
      address: M.address,
    });
    expect(validateCheckout({ ...validCard, gstin: '29AAGCB7383J1Z4', gstinName: 'Bharat Lending' })).toEqual({
      gstin: GSTIN_MESSAGES.state,
    });
    expect(validateCheckout({ ...validCard, stateCode: '29', gstin: '29AAGCB7383J1Z5' })).toEqual({
      gstin: GSTIN_MESSAGES.checksum,
      gstinName: M.gstinName,
    });
    const withGstin = { ...validCard, stateCode: '29', gstin: '29aagcb7383j1z4', gstinName: 'Bharat Lending' };
    expect(validateCheckout(withGstin)).toEqual({});
    expect(checkoutBilling(withGstin).billing).toMatchObject({
      gstin: '29AAGCB7383J1Z4',
      gstin_name: 'Bharat Lending',
    });
  });
});
