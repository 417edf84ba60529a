export * from './enums.ts';
export * from './entities.ts';
export * from './payloads.ts';
export * from './messages.ts';
export * from './api-paths.ts';
export * from './checkout.ts';
export * from './errors.ts';
export * from './validation.ts';
