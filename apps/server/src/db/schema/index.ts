// Every table, one file per feature. Hand-written SQL migrations in ../migrations create them;
// schema-matches-migrations.test.ts proves the two agree.
export * from './site-config.js';
export * from './users.js';
export * from './auth.js';
export * from './mail.js';
export * from './cms.js';
export * from './ledger.js';
export * from './bonus.js';
export * from './games.js';
export * from './rgs.js';
export * from './banners.js';
export * from './events.js';
export * from './seed.js';
export * from './store.js';
export * from './ad-conversions.js';
export * from './account.js';
export * from './kyc.js';
export * from './redeem.js';
