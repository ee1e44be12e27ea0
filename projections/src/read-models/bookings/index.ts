export * from './document.ts';
export { bookingsProjection } from './projection.ts';
export { bookingQueries, type BookingQueries } from './queries.ts';
