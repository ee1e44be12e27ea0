export { createQueryApp, type QueryAppOptions } from './app.ts';
export type { QueryServiceDeps, ReadSideProgress } from './query-context.ts';
