import { accountsProjection } from './accounts.projection.ts';
import { hotelsProjection } from './hotels.projection.ts';
import { bookingsProjection } from './bookings.projection.ts';
import type { ProjectionDefinition } from './projection.ts';

export * from './projection.ts';
export * from './runner.ts';
export * from './read-models.ts';
export * from './checkpoints.ts';
export { hotelsProjection } from './hotels.projection.ts';

/** Every projection of the product, in the order they start. */
export const allProjections: readonly ProjectionDefinition[] = [accountsProjection, hotelsProjection, bookingsProjection];
