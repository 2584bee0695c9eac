export * from './accounts.ts';
export * from './activations.ts';
export * from './api-keys.ts';
export * from './catalog.ts';
export * from './ledger.ts';
export * from './payments.ts';
export * from './system.ts';
export * from './users.ts';
