import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES as M,
  EMPTY_CHECKOUT_FORM,
  type CheckoutForm,
  checkoutBilling,
  expiryInFuture,
  luhnValid,
  validateCheckout,
  GSTIN_MESSAGES,
} from '../../contract/index.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const validCard: CheckoutForm = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya@example.in',
  phone: '98765 43210',
  stateCode: '27',
  address: '12 Marine Drive, Mumbai 400020',
  paymentMethod: 'credit_card',
  cardNumber: '4111 1111 1111 1111',
  expiryDate: '12/28',
  cvv: '123',
  nameOnCard: 'PRIYA SHARMA',
};

describe('checkout validation', () => {
  it('accepts a complete card payment', () => {
    expect(validateCheckout(validCard, NOW)).toEqual({});
  });

  it('requires the personal fields with the messages the form shows', () => {
    expect(validateCheckout({ ...EMPTY_CHECKOUT_FORM }, NOW)).toMatchObject({
      firstName: M.firstName,
      lastName: M.lastName,
      email: M.emailRequired,
      phone: M.phoneRequired,
      cardNumber: M.cardNumberRequired,
      expiryDate: M.expiryRequired,
      cvv: M.cvvRequired,
      nameOnCard: M.nameOnCard,
    });
  });

  it.each([
    ['4111 1111 1111 1112', 'fails the Luhn check'],
    ['4111-1111', 'is too short'],
    ['4111 1111 1111 111a', 'has a letter'],
  ])('refuses card number %s, which %s', (cardNumber) => {
    expect(validateCheckout({ ...validCard, cardNumber }, NOW).cardNumber).toBe(M.cardNumber);
  });

  it.each([
    ['10/26', M.expiryPast],
    ['11/26', undefined],
    ['13/27', M.expiryFormat],
    ['1/27', M.expiryFormat],
    ['2027-01', M.expiryFormat],
  ])('expiry %s gives %s', (expiryDate, message) => {
    expect(validateCheckout({ ...validCard, expiryDate }, NOW).expiryDate).toBe(message);
  });

  it.each(['12', '12345', 'abc'])('refuses CVV %s', (cvv) => {
    expect(validateCheckout({ ...validCard, cvv }, NOW).cvv).toBe(M.cvv);
  });

  it('checks email and Indian mobile numbers', () => {
    const errors = validateCheckout({ ...validCard, email: 'priya@', phone: '12345' }, NOW);
    expect(errors.email).toBe(M.email);
    expect(errors.phone).toBe(M.phone);
    expect(validateCheckout({ ...validCard, phone: '+91 98765-43210' }, NOW).phone).toBeUndefined();
  });

  it('asks UPI payers for a UPI ID and no card fields', () => {
    const upi = {
      ...EMPTY_CHECKOUT_FORM,
      ...validCard,
      paymentMethod: 'upi' as const,
      cardNumber: '',
      cvv: '',
      expiryDate: '',
      nameOnCard: '',
    };
    expect(validateCheckout({ ...upi, upiId: '' }, NOW)).toEqual({ upiId: M.upiRequired });
    expect(validateCheckout({ ...upi, upiId: 'priya.sharma' }, NOW)).toEqual({ upiId: M.upi });
    expect(validateCheckout({ ...upi, upiId: 'priya.sharma@okhdfc' }, NOW)).toEqual({});
  });

  it('sends the server the method and the person, never the card', () => {
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
    expect(JSON.stringify(body)).not.toMatch(/4111|123|12\/28/);
  });

  it('asks for the billing state and address, and checks an optional GSTIN against the state', () => {
    expect(validateCheckout({ ...validCard, stateCode: '', address: ' ' }, NOW)).toEqual({
      stateCode: M.stateCode,
      address: M.address,
    });
    expect(validateCheckout({ ...validCard, gstin: '29AAGCB7383J1Z4', gstinName: 'Bharat Lending' }, NOW)).toEqual({
      gstin: GSTIN_MESSAGES.state,
    });
    expect(validateCheckout({ ...validCard, stateCode: '29', gstin: '29AAGCB7383J1Z5' }, NOW)).toEqual({
      gstin: GSTIN_MESSAGES.checksum,
      gstinName: M.gstinName,
    });
    const withGstin = { ...validCard, stateCode: '29', gstin: '29aagcb7383j1z4', gstinName: 'Bharat Lending' };
    expect(validateCheckout(withGstin, NOW)).toEqual({});
    expect(checkoutBilling(withGstin).billing).toMatchObject({
      gstin: '29AAGCB7383J1Z4',
      gstin_name: 'Bharat Lending',
    });
  });
});

describe('card helpers', () => {
  it('runs the Luhn check', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('5555555555554445')).toBe(false);
  });

  it('treats a card as valid through the end of its expiry month', () => {
    expect(expiryInFuture('11/26', new Date('2026-11-30T23:00:00'))).toBe(true);
    expect(expiryInFuture('11/26', new Date('2026-12-01T00:00:01'))).toBe(false);
  });
});
