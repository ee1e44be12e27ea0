/** POST /hotel/booking/book/hotel (spec section 7, "Booking"): a signed-in guest books a stay; 201 with the booking id. */
import { bookRequest, messages, routes } from '@stays/contracts';
import { authOf, bodyFields, jsonBody, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handlePlaceBooking } from './handler.ts';

export const mountPlacingBooking: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.book, auth('customer'), jsonBody(), async (ctx) => {
    const input = validate(bookRequest, bodyFields(ctx));
    const { value, position } = await handlePlaceBooking(deps.booking, authOf(ctx).accountId, input);
    await committed(ctx, position);
    respond(ctx, 201, messages.server.bookingPlaced, value);
  });
};
