/**
 * Booking use cases: contact verification by OTP, placing a booking (server-side price,
 * no overbooking, bounded per guest), cancelling it, recording a payment. Each loads
 * what its decision reads and appends what it decides; the rules are in the deciders.
 */
import type { EventStore } from '@stays/event-store';
import {
  messages, nationalReadings, streams, type BookRequest, type BookingPlaced, type SendOtpRequest, type VerifyOtpRequest,
} from '@stays/contracts';
import { BadRequestError, ConflictError, NotFoundError, type AccessTokenClaims, type Mailer, type SmsSender } from '@stays/service-kit';
import { handle, load, type CommandMetadata } from '../handle.ts';
import { holderOf } from '../reservations.ts';
import type { Positioned } from '../accounts/service.ts';
import { loadHotel } from '../hotels/service.ts';
import { listingStream, loadRoom } from '../rooms/service.ts';
import { bookingAggregate, cancelBooking, markPaid, placeBooking, recordPlacedBooking } from './booking.ts';
import { newBookingId } from './booking-id.ts';
import { contactAggregate, issueOtp, otpMessageText, verifyOtp, verifyReading } from './contact.ts';
import { guestAggregate, holdBooking, releaseBooking, useContact } from './guest.ts';
import { inventoryAggregate, releaseUnits, reserveUnits } from './inventory.ts';
import { contactHash, hashOtpCode, newOtpCode, newSalt } from './otp-codes.ts';

export interface BookingDeps {
  readonly store: EventStore;
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  /** Server secret keying the OTP hashes. */
  readonly otpKey: Buffer;
  readonly now: () => Date;
}

/** The national numbers a phone sent with its dial code may stand for, the primary reading first (validated: at least one). */
const nationalNumbersOf = (international: string): string[] => nationalReadings(international).map((reading) => reading.national);

export async function sendOtp(deps: BookingDeps, claims: AccessTokenClaims, input: SendOtpRequest): Promise<Positioned<null>> {
  const code = newOtpCode();
  const salt = newSalt();
  const now = deps.now();
  const metadata = { actor: claims.accountId };
  const contact = contactHash(input.customerEmail, nationalNumbersOf(input.customerPhoneNumber)[0]!);
  await handle(deps.store, streams.guest(claims.accountId), guestAggregate,
    (state) => useContact({ customerId: claims.accountId, contactHash: contact, now }, state), metadata);
  const { position } = await handle(deps.store, streams.contact(contact), contactAggregate,
    (state) => issueOtp({ customerId: claims.accountId, salt, codeHash: hashOtpCode(deps.otpKey, salt, code), now }, state), metadata);
  const text = otpMessageText(input.customerName, code);
  await Promise.all([
    deps.mailer.send({ to: input.customerEmail, subject: `Your Stays verification code: ${code}`, text }),
    deps.sms.send({ to: `+${input.customerPhoneNumber.replace(/\D/g, '')}`, text }),
  ]);
  return { value: null, position };
}

export async function confirmOtp(deps: BookingDeps, claims: AccessTokenClaims, input: VerifyOtpRequest): Promise<Positioned<null>> {
  const now = deps.now();
  const metadata = { actor: claims.accountId };
  const [primary, ...otherReadings] = nationalNumbersOf(input.customerPhoneNumber);
  const { newEvents, position } = await handle(deps.store, streams.contact(contactHash(input.customerEmail, primary!)), contactAggregate,
    (state) => verifyOtp({ customerId: claims.accountId, hashOf: (salt) => hashOtpCode(deps.otpKey, salt, input.otp), now }, state), metadata);
  if (newEvents.some((event) => event.type === 'OtpAttemptFailed')) throw new BadRequestError(messages.server.otpInvalid);
  let last = position;
  for (const national of otherReadings) {
    last = (await handle(deps.store, streams.contact(contactHash(input.customerEmail, national)), contactAggregate,
      () => verifyReading({ customerId: claims.accountId, now }), metadata)).position ?? last;
  }
  return { value: null, position: last };
}

/**
 * Places a booking: decides it from the contact, hotel and listing; takes its units in
 * the inventory and a place among the guest's upcoming bookings, each at the revision
 * read; then records it. A step that fails gives back what the earlier ones took.
 */
export async function bookStay(deps: BookingDeps, claims: AccessTokenClaims, input: BookRequest): Promise<Positioned<{ bookingID: string }>> {
  const now = deps.now();
  const customerId = claims.accountId;
  const [contact, hotel, roomId] = await Promise.all([
    load(deps.store, streams.contact(contactHash(input.customerEmail, input.customerPhoneNumber)), contactAggregate),
    loadHotel(deps.store, input.hotelID),
    holderOf(deps.store, listingStream(input.hotelID, input.roomType, input.roomStandard)),
  ]);
  const room = roomId === null ? null : await loadRoom(deps.store, roomId);
  const totalUnits = room?.status === 'listed' ? room.details.totalUnits : 0;
  for (let attempt = 1; ; attempt++) {
    const bookingID = newBookingId();
    const [placed] = placeBooking({ bookingID, customerId, request: input, now }, { contact: contact.state, hotel, room }) as [BookingPlaced];
    const metadata = { actor: customerId, correlationId: bookingID };
    const { roomId: placedRoomId, nights, units } = placed.data;
    await handle(deps.store, streams.inventory(placedRoomId), inventoryAggregate,
      (state) => reserveUnits({ bookingID, roomId: placedRoomId, nights, units, totalUnits }, state), metadata);
    try {
      await handle(deps.store, streams.guest(customerId), guestAggregate,
        (state) => holdBooking({ customerId, bookingID, lastNight: nights[nights.length - 1]!, now }, state), metadata);
    } catch (error) {
      await giveBack(deps, { bookingID, customerId, roomId: placedRoomId }, metadata, { guest: false });
      throw error;
    }
    try {
      const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate, (state) => recordPlacedBooking(placed, state), metadata);
      return { value: { bookingID }, position };
    } catch (error) {
      await giveBack(deps, { bookingID, customerId, roomId: placedRoomId }, metadata, { guest: true });
      if (error instanceof ConflictError && attempt < 3) continue; // the id was taken in between: draw again
      throw error;
    }
  }
}

/** Gives back what a booking that did not come to be took: its units and, when taken, the guest's place. Best effort: the orphan reconciler finishes the job. */
async function giveBack(deps: BookingDeps, booking: { bookingID: string; customerId: string; roomId: string }, metadata: CommandMetadata, taken: { guest: boolean }) {
  await handle(deps.store, streams.inventory(booking.roomId), inventoryAggregate, (state) => releaseUnits(booking, state), metadata).catch(() => undefined);
  if (taken.guest) await handle(deps.store, streams.guest(booking.customerId), guestAggregate, (state) => releaseBooking(booking, state), metadata).catch(() => undefined);
}

export async function cancelStay(deps: BookingDeps, claims: AccessTokenClaims, bookingID: string): Promise<Positioned<null>> {
  const metadata = { actor: claims.accountId, correlationId: bookingID };
  const { state, position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate,
    (current) => cancelBooking({ customerId: claims.accountId, now: deps.now() }, current), metadata);
  if (state.status === 'none') throw new NotFoundError(messages.server.bookingNotFound);
  const { roomId, customerId } = state.booking;
  const released = await handle(deps.store, streams.inventory(roomId), inventoryAggregate, (current) => releaseUnits({ bookingID, roomId }, current), metadata);
  const freed = await handle(deps.store, streams.guest(customerId), guestAggregate, (current) => releaseBooking({ bookingID, customerId }, current), metadata);
  return { value: null, position: freed.position ?? released.position ?? position };
}

export async function recordPayment(deps: BookingDeps, claims: AccessTokenClaims, bookingID: string): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate,
    (current) => markPaid({ ownerId: claims.accountId, now: deps.now() }, current), { actor: claims.accountId, correlationId: bookingID });
  return { value: null, position };
}
