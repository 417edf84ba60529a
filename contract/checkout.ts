import { PaymentMethod } from './enums.ts';

/**
 * The checkout form (spec sections 3 and 5) with the format checks users expect. It lives in the
 * contract so the form, the machine tests and the end-to-end tests agree on every message.
 * Card number, expiry and CVV are checked here and never sent to the server.
 */

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** MM/YY; a card is valid through the last day of its expiry month. */
export function expiryInFuture(value: string, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const firstOfNextMonth = new Date(year, month, 1);
  return firstOfNextMonth.getTime() > now.getTime();
}

export const CHECKOUT_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  emailRequired: 'Email is required.',
  email: 'Enter a valid email address.',
  phoneRequired: 'Phone is required.',
  phone: 'Enter a 10-digit Indian mobile number.',
  cardNumberRequired: 'Card number is required.',
  cardNumber: 'Enter a valid card number.',
  expiryRequired: 'Expiry date is required.',
  expiryFormat: 'Enter the expiry date as MM/YY.',
  expiryPast: 'This card has expired.',
  cvvRequired: 'CVV is required.',
  cvv: 'CVV must be 3 or 4 digits.',
  nameOnCard: 'Name on card is required.',
  upiRequired: 'UPI ID is required.',
  upi: 'Enter a UPI ID like name@bank.',
} as const;

export const UPI_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type CheckoutForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  paymentMethod: PaymentMethod;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  nameOnCard: string;
  upiId: string;
};

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  paymentMethod: 'credit_card',
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  nameOnCard: '',
  upiId: '',
};

export type CheckoutErrors = Partial<Record<keyof CheckoutForm, string>>;

/** Checks the form; an empty object means it may be submitted. `now` decides whether a card expired. */
export function validateCheckout(form: CheckoutForm, now: Date = new Date()): CheckoutErrors {
  const m = CHECKOUT_MESSAGES;
  const errors: CheckoutErrors = {};
  const phone = form.phone.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '');
  if (!form.firstName.trim()) errors.firstName = m.firstName;
  if (!form.lastName.trim()) errors.lastName = m.lastName;
  if (!form.email.trim()) errors.email = m.emailRequired;
  else if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = m.email;
  if (!form.phone.trim()) errors.phone = m.phoneRequired;
  else if (!INDIAN_MOBILE_PATTERN.test(phone)) errors.phone = m.phone;

  if (form.paymentMethod === 'upi') {
    if (!form.upiId.trim()) errors.upiId = m.upiRequired;
    else if (!UPI_PATTERN.test(form.upiId.trim())) errors.upiId = m.upi;
    return errors;
  }
  const card = form.cardNumber.replace(/[\s-]/g, '');
  if (!card) errors.cardNumber = m.cardNumberRequired;
  else if (!/^\d{12,19}$/.test(card) || !luhnValid(card)) errors.cardNumber = m.cardNumber;
  const expiry = form.expiryDate.trim();
  if (!expiry) errors.expiryDate = m.expiryRequired;
  else if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) errors.expiryDate = m.expiryFormat;
  else if (!expiryInFuture(expiry, now)) errors.expiryDate = m.expiryPast;
  if (!form.cvv.trim()) errors.cvv = m.cvvRequired;
  else if (!/^\d{3,4}$/.test(form.cvv.trim())) errors.cvv = m.cvv;
  if (!form.nameOnCard.trim()) errors.nameOnCard = m.nameOnCard;
  return errors;
}

/** What of the checkout form goes to the server: the method and the person, never the card. */
export function checkoutBilling(form: CheckoutForm) {
  return {
    payment_method: form.paymentMethod,
    billing: {
      first_name: form.firstName.trim(),
      last_name: form.lastName.trim(),
      email: form.email.trim(),
      phone: form.phone.replace(/[\s-]/g, '').replace(/^(\+91|0)/, ''),
    },
  };
}

export const CheckoutPaymentMethod = PaymentMethod;
