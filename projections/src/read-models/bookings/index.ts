export * from './document.ts';
export { bookingsReadModel } from './projection.ts';
export { bookingQueries, type BookingQueries } from './queries.ts';
