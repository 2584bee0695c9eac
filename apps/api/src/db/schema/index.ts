export * from './accounts.ts';
export * from './catalog.ts';
export * from './ledger.ts';
export * from './system.ts';
export * from './users.ts';
