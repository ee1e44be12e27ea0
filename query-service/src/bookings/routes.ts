/** Booking lists: a guest reads only their own; an owner only their hotel's. */
import { messages, routes, type BookingView } from '@stays/contracts';
import { ForbiddenError, NotFoundError, authOf, respond } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';

export function mountBookingRoutes({ deps, readModels, mount }: QueryContext): void {
  const { accounts, bookings, hotels } = readModels;
  /** The invoice link answered is signed for this reader and expires: a list is never shared between readers. */
  const withLinks =
    (reader: string) =>
    (booking: BookingView): BookingView =>
      booking.invoicePDF === null ? booking : { ...booking, invoicePDF: deps.mediaLinks.signed(booking.invoicePDF, reader) };

  mount(routes.customerBookings, async (ctx) => {
    const customerId = authOf(ctx).accountId;
    if (ctx.input.params.userId !== customerId) throw new ForbiddenError(messages.server.notYourBooking);
    const list = await bookings.bookingsOfGuest(customerId);
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.bookingsFound, list.map(withLinks(customerId)));
  });

  mount(routes.ownerBookings, async (ctx) => {
    const hotelId = ctx.input.params.hotelID;
    const ownerId = await hotels.ownerOfHotel(hotelId);
    if (ownerId === null) throw new NotFoundError(messages.server.hotelNotFound);
    if (ownerId !== authOf(ctx).accountId) throw new ForbiddenError(messages.server.notYourHotel);
    const list = await bookings.bookingsOfHotel(hotelId);
    // a deleted guest's invoice is served to nobody (InvoiceReaders): offer no link to it
    const present = await accounts.existingCustomers([...new Set(list.map((booking) => booking.customerID))]);
    const linked = list.map((booking) => (present.has(booking.customerID) ? withLinks(ownerId)(booking) : { ...booking, invoicePDF: null }));
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.bookingsFound, linked);
  });
}
