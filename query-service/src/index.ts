export { createQueryApp, type QueryAppOptions } from './app.ts';
export type { QueryServiceDeps, ReadSideProgress } from './query-context.ts';
export { eventStoreAuditTrail, type AuditTrail, type AuditorReadRecord } from './audit/audit-trail.ts';
export type { Reveal } from './audit/entries.ts';
