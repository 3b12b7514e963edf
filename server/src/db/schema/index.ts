/** Every table, for drizzle's typed queries and for drizzle-kit. One file per area. */
export * from './api-keys.js';
export * from './artifacts.js';
export * from './audit.js';
export * from './auth.js';
export * from './capture.js';
export * from './learn.js';
export * from './lifecycle.js';
export * from './lineage.js';
export * from './memories.js';
export * from './namespaces.js';
export * from './organizations.js';
export * from './policies.js';
export * from './store.js';
export * from './usage.js';
export * from './vault.js';
export * from './idempotency.js';
