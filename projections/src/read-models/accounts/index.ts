export * from './document.ts';
export { accountsProjection } from './projection.ts';
export { accountQueries, type AccountQueries } from './queries.ts';
