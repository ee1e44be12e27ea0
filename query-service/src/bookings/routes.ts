/** Booking lists: a guest reads only their own; an owner only their hotel's. */
import { messages, routes } from '@stays/contracts';
import { ForbiddenError, NotFoundError, authOf, respond } from '@stays/service-kit';
import { collections, type BookingDocument, type CustomerDocument, type HotelDocument } from '@stays/projections';
import type { QueryContext } from '../query-context.ts';

const INTERNAL_BOOKING_FIELDS = { _position: 0, ownerId: 0 } as const;
const NEWEST_FIRST = { created_at: -1, _id: 1 } as const;

export function mountBookingRoutes({ deps, mount }: QueryContext): void {
  const bookings = deps.readStore.collection<BookingDocument>(collections.bookings);
  const hotels = deps.readStore.collection<HotelDocument>(collections.hotels);
  const customers = deps.readStore.collection<CustomerDocument>(collections.customers);
  /** The invoice link answered is signed for this reader and expires: a list is never shared between readers. */
  const withLinks = (reader: string) => (booking: BookingDocument) =>
    booking.invoicePDF === null ? booking : { ...booking, invoicePDF: deps.mediaLinks.signed(booking.invoicePDF, reader) };

  mount(routes.customerBookings, async (ctx) => {
    const customerId = authOf(ctx).accountId;
    if (ctx.input.params.userId !== customerId) throw new ForbiddenError(messages.server.notYourBooking);
    const list = await bookings.find({ customerID: customerId }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.bookingsFound, list.map(withLinks(customerId)));
  });

  mount(routes.ownerBookings, async (ctx) => {
    const hotel = await hotels.findOne({ _id: ctx.input.params.hotelID }, { projection: { ownerId: 1 } });
    if (hotel === null) throw new NotFoundError(messages.server.hotelNotFound);
    if (hotel.ownerId !== authOf(ctx).accountId) throw new ForbiddenError(messages.server.notYourHotel);
    const list = await bookings.find({ hotelID: hotel._id }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    // a deleted guest's invoice is served to nobody (InvoiceReaders): offer no link to it
    const guests = [...new Set(list.map((booking) => booking.customerID))];
    const present = new Set((await customers.find({ _id: { $in: guests } }, { projection: { _id: 1 } })).map((customer) => customer._id));
    const linked = list.map((booking) => (present.has(booking.customerID) ? withLinks(hotel.ownerId)(booking) : { ...booking, invoicePDF: null }));
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.bookingsFound, linked);
  });
}
