import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';

export function mountOwnerRoutes({ readModels, mount }: QueryContext): void {
  /** The owner's hotel id as a bare string in `data`, or null before the owner adds a hotel. */
  mount(routes.ownerHotelId, async (ctx) => {
    const hotelId = await readModels.hotels.hotelIdOfOwner(authOf(ctx).accountId);
    respond(ctx, 200, hotelId !== null ? messages.server.hotelIdFound : messages.server.noHotelYet, hotelId);
  });
}
