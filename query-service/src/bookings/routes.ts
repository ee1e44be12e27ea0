/** Booking lists: a guest reads only their own; an owner only their hotel's. */
import { messages, routes } from '@stays/contracts';
import { ForbiddenError, NotFoundError, authOf, respond } from '@stays/service-kit';
import { collections, type BookingDocument, type HotelDocument } from '@stays/projections';
import type { QueryContext } from '../query-context.ts';

const INTERNAL_BOOKING_FIELDS = { _position: 0, ownerId: 0 } as const;
const NEWEST_FIRST = { created_at: -1, _id: 1 } as const;

export function mountBookingRoutes({ deps, mount, auth }: QueryContext): void {
  const bookings = deps.readStore.collection<BookingDocument>(collections.bookings);
  const hotels = deps.readStore.collection<HotelDocument>(collections.hotels);
  const withLinks = (booking: BookingDocument) =>
    booking.invoicePDF === null ? booking : { ...booking, invoicePDF: deps.mediaLinks.absolute(booking.invoicePDF) };

  mount(routes.customerBookings, auth('customer'), async (ctx) => {
    const customerId = authOf(ctx).accountId;
    if (ctx.params.userId !== customerId) throw new ForbiddenError(messages.server.notYourBooking);
    const list = await bookings.find({ customerID: customerId }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    respond(ctx, 200, messages.server.bookingsFound, list.map(withLinks));
  });

  mount(routes.ownerBookings, auth('hotel-owner'), async (ctx) => {
    const hotel = await hotels.findOne({ _id: ctx.params.hotelID }, { projection: { ownerId: 1 } });
    if (hotel === null) throw new NotFoundError(messages.server.hotelNotFound);
    if (hotel.ownerId !== authOf(ctx).accountId) throw new ForbiddenError(messages.server.notYourHotel);
    const list = await bookings.find({ hotelID: hotel._id }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    respond(ctx, 200, messages.server.bookingsFound, list.map(withLinks));
  });
}
