/**
 * The read models, one module each: its documents (collections and shapes), the
 * projection that writes them from events, and the queries that read them. The
 * projections worker runs the projections; the query service reads only through the
 * queries. This module is the contract between the two.
 */
import type { ReadStore } from '@stays/read-store';
import type { ProjectionDefinition } from '../projection.ts';
import { accountQueries, accountsProjection } from './accounts/index.ts';
import { bookingQueries, bookingsProjection } from './bookings/index.ts';
import { hotelQueries, hotelsProjection } from './hotels/index.ts';
import { occupancyProjection, occupancyQueries } from './occupancy.ts';

export * from './accounts/index.ts';
export * from './hotels/index.ts';
export * from './bookings/index.ts';
export * from './occupancy.ts';
export { POSITION_FIELD } from '../guard.ts';

/** Every projection of the product, in the order they start. */
export const allProjections: readonly ProjectionDefinition[] = [accountsProjection, hotelsProjection, bookingsProjection, occupancyProjection];

export type ReadModelQueries = ReturnType<typeof readModelQueries>;

/** The queries of every read model, on one read store. */
export function readModelQueries(readStore: ReadStore) {
  return {
    accounts: accountQueries(readStore),
    hotels: hotelQueries(readStore),
    bookings: bookingQueries(readStore),
    occupancy: occupancyQueries(readStore),
  };
}
