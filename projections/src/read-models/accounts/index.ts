export * from './document.ts';
export { accountsReadModel } from './projection.ts';
export { accountQueries, type AccountQueries } from './queries.ts';
