import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import { collections, type HotelDocument } from '@stays/projections';
import type { QueryContext } from '../query-context.ts';

export function mountOwnerRoutes({ deps, mount }: QueryContext): void {
  /** The owner's hotel id as a bare string in `data`, or null before the owner adds a hotel. */
  mount(routes.ownerHotelId, async (ctx) => {
    const hotel = await deps.readStore.collection<HotelDocument>(collections.hotels).findOne({ ownerId: authOf(ctx).accountId });
    respond(ctx, 200, hotel ? messages.server.hotelIdFound : messages.server.noHotelYet, hotel?._id ?? null);
  });
}
