/**
 * Placing a booking: loads the contact, hotel and listing; decides the booking; takes its
 * units in the inventory and a place among the guest's upcoming bookings, each at the
 * revision read; then records it. A step that fails gives back what the earlier ones took.
 */
import { randomBytes } from 'node:crypto';
import { bookingAggregate, streams, type BookRequest, messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { BookingDeps, CommandRoute } from '../../command-context.ts';
import { Conflict } from '../../domain-errors.ts';
import { handle, load, type Positioned } from '../../handle.ts';
import { loadHotel } from '../../hotels/hotel-streams.ts';
import { roomAggregate } from '../../rooms/room.ts';
import { listingStream, loadRoom } from '../../rooms/listings.ts';
import { uniqueKeyHolder } from '../../unique-keys.ts';
import { contactAggregate } from '../contact.ts';
import { undoHolds } from '../giving-back/handler.ts';
import { guestAggregate } from '../guest.ts';
import { inventoryAggregate } from '../inventory.ts';
import { holdBooking, placeBooking, recordPlacedBooking, reserveUnits } from './decide.ts';

/** Draws of a booking id before giving up (a collision of 40 random bits is already rare). */
const ID_DRAWS = 3;

const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Booking ids people can read out on the phone: 'BK-' and 8 characters of Crockford's
 * base 32 (no I, L, O, U), 40 random bits. Uniqueness is enforced by creating the
 * booking's stream with `no_stream`; a collision simply draws again.
 */
function newBookingId(): string {
  let bits = randomBytes(5).reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
  let id = '';
  for (let i = 0; i < 8; i++) {
    id = CROCKFORD_BASE32[Number(bits & 31n)]! + id;
    bits >>= 5n;
  }
  return `BK-${id}`;
}

export async function handlePlaceBooking(deps: BookingDeps, customerId: string, input: BookRequest): Promise<Positioned<{ bookingID: string }>> {
  const now = deps.now();
  const contactStream = deps.streamNames.contact(input.customerEmail, input.customerPhoneNumber);
  const [contact, hotel, roomId] = await Promise.all([
    load(deps.store, contactStream, contactAggregate),
    loadHotel(deps.store, input.hotelID),
    uniqueKeyHolder(deps.store, listingStream(input.hotelID, input.roomType, input.roomStandard)),
  ]);
  const room = roomId === null ? roomAggregate.initialState() : await loadRoom(deps.store, roomId);
  const totalUnits = room.status === 'listed' ? room.details.totalUnits : 0;
  for (let draw = 1; ; draw++) {
    const bookingID = newBookingId();
    const [placed] = placeBooking({ bookingID, customerId, request: input, now }, { contact: contact.state, hotel, room });
    const metadata = { actor: customerId, correlationId: bookingID, contactStream };
    const { roomId: placedRoomId, nights, units } = placed.data;
    const taken = { bookingID, customerId, roomId: placedRoomId };
    await handle(
      deps.store,
      streams.inventory(placedRoomId),
      inventoryAggregate,
      (state) => reserveUnits({ bookingID, roomId: placedRoomId, nights, units, totalUnits }, state),
      metadata,
    );
    try {
      await handle(
        deps.store,
        streams.guest(customerId),
        guestAggregate,
        (state) => holdBooking({ customerId, bookingID, lastNight: nights[nights.length - 1]!, now }, state),
        metadata,
      );
    } catch (error) {
      await undoHolds(deps.store, taken, metadata, { guestPlace: false });
      throw error;
    }
    try {
      const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate, (state) => recordPlacedBooking(placed, state), metadata);
      return { value: { bookingID }, position };
    } catch (error) {
      await undoHolds(deps.store, taken, metadata, { guestPlace: true });
      if (error instanceof Conflict && draw < ID_DRAWS) continue; // the id was taken in between: draw again
      throw error;
    }
  }
}

/** POST /hotel/booking/book/hotel (spec section 7, "Booking"): a signed-in guest books a stay; 201 with the booking id. */
export const mountPlacingBooking: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.book, async (ctx) => {
    const { value, position } = await handlePlaceBooking(deps.booking, authOf(ctx).accountId, ctx.input.body);
    await committed(ctx, position);
    respond(ctx, 201, messages.server.bookingPlaced, value);
  });
};
