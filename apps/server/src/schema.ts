// Every table of the one Drizzle schema, listed by hand so it is plain what exists. It sits beside app.ts,
// not in platform, because it names every domain; app.ts and the test harness hand it to openDatabase.
export * from './users/tables.ts';
export * from './auth/tables.ts';
export * from './platform/staff-tables.ts';
export * from './admin/tables.ts';
export * from './platform/audit-tables.ts';
export * from './content/tables.ts';
export * from './settings/tables.ts';
export * from './ledger/tables.ts';
export * from './platform/idempotency-tables.ts';
export * from './notifications/tables.ts';
export * from './admin/adjustments-tables.ts';
export * from './wallet/methods-tables.ts';
export * from './wallet/withdraw-tables.ts';
export * from './platform/uploads-tables.ts';
export * from './wallet/channels-tables.ts';
export * from './wallet/deposits-tables.ts';
export * from './kyc/tables.ts';
export * from './market/tables.ts';
export * from './orders/tables.ts';
export * from './smart/tables.ts';
export * from './loans/tables.ts';
export * from './invite/tables.ts';
export * from './support/tables.ts';
export * from './nft/tables.ts';
export * from './platform/lease-tables.ts';
