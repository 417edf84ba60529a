/** Every machine of the SPA, with the types of its input, context, events and actors. See README.md. */
export * from './session.machine.ts';
export * from './token-refresh.machine.ts';
export * from './payment-flow.machine.ts';
export * from './checkout.machine.ts';
export * from './admin-modal.machine.ts';
export * from './list.machine.ts';
export * from './loader.machine.ts';
export * from './contact.machine.ts';
export * from './forgot-password.machine.ts';
export * from './reset-password.machine.ts';
export * from './action.machine.ts';
export * from './priority-nav.machine.ts';
export * from './disclosure.machine.ts';
export * from './privacy-settings.machine.ts';
export * from './batch-choice.machine.ts';
export { machineCatalog } from './catalog.ts';
export * from './step-up.machine.ts';
export * from './totp-setup.machine.ts';
