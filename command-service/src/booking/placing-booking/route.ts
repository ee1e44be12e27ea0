/** POST /hotel/booking/book/hotel (spec section 7, "Booking"): a signed-in guest books a stay; 201 with the booking id. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handlePlaceBooking } from './handler.ts';

export const mountPlacingBooking: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.book, async (ctx) => {
    const { value, position } = await handlePlaceBooking(deps.booking, authOf(ctx).accountId, ctx.input.body);
    await committed(ctx, position);
    respond(ctx, 201, messages.server.bookingPlaced, value);
  });
};
