export * from './rules.ts';
export * from './routes.ts';
export * from './envelope.ts';
export * as messages from './messages.ts';
export * from './events/index.ts';
export * from './schemas/accounts.ts';
export { blankToUndefined } from './schemas/fields.ts';
export * from './schemas/hotels.ts';
export * from './schemas/search.ts';
