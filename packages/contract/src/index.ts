export * from './codes.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './admin.ts';
export * from './content.ts';
export * from './ledger.ts';
