/**
 * Booking use cases: contact verification by OTP, placing a booking (server-side price,
 * no overbooking), cancelling it, recording a payment.
 */
import type { EventStore } from '@stays/event-store';
import {
  earliestCommencement, indiaToday, messages, quoteStay, splitInternationalNumber, stayNights, streams, unitsBooked,
  type BookRequest, type SendOtpRequest, type VerifyOtpRequest,
} from '@stays/contracts';
import {
  BadRequestError, ConflictError, ForbiddenError, NotFoundError, ValidationError, type AccessTokenClaims, type Mailer, type SmsSender,
} from '@stays/service-kit';
import { handle, load } from '../handle.ts';
import { holderOf } from '../reservations.ts';
import type { Positioned } from '../accounts/service.ts';
import { loadHotel } from '../hotels/service.ts';
import { listingStream, loadRoom } from '../rooms/service.ts';
import { bookingAggregate, cancelBooking, markPaid, placeBooking, type PlacedBooking } from './booking.ts';
import { newBookingId } from './booking-id.ts';
import { contactAggregate, isVerifiedFor, issueOtp, verifyOtp } from './contact.ts';
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

const nationalNumberOf = (international: string): string => splitInternationalNumber(international)!.national;
const contactStream = (email: string, nationalNumber: string) => streams.contact(contactHash(email, nationalNumber));

export async function sendOtp(deps: BookingDeps, claims: AccessTokenClaims, input: SendOtpRequest): Promise<Positioned<null>> {
  const code = newOtpCode();
  const salt = newSalt();
  const now = deps.now();
  const { position } = await handle(deps.store, contactStream(input.customerEmail, nationalNumberOf(input.customerPhoneNumber)), contactAggregate,
    (state) => issueOtp({ customerId: claims.accountId, salt, codeHash: hashOtpCode(deps.otpKey, salt, code), now }, state),
    { actor: claims.accountId });
  const text = `Dear ${input.customerName}, your Stays verification code is ${code}. It expires in 10 minutes. Do not share it with anyone.`;
  await Promise.all([
    deps.mailer.send({ to: input.customerEmail, subject: `Your Stays verification code: ${code}`, text }),
    deps.sms.send({ to: input.customerPhoneNumber.replace(/\s+/g, ''), text }),
  ]);
  return { value: null, position };
}

export async function confirmOtp(deps: BookingDeps, claims: AccessTokenClaims, input: VerifyOtpRequest): Promise<Positioned<null>> {
  const now = deps.now();
  const { newEvents, position } = await handle(deps.store, contactStream(input.customerEmail, nationalNumberOf(input.customerPhoneNumber)), contactAggregate,
    (state) => verifyOtp({ customerId: claims.accountId, hashOf: (salt) => hashOtpCode(deps.otpKey, salt, input.otp), now }, state),
    { actor: claims.accountId });
  if (newEvents.some((event) => event.type === 'OtpAttemptFailed')) throw new BadRequestError(messages.server.otpInvalid);
  return { value: null, position };
}

export async function bookStay(deps: BookingDeps, claims: AccessTokenClaims, input: BookRequest): Promise<Positioned<{ bookingID: string }>> {
  const now = deps.now();
  const contact = await load(deps.store, contactStream(input.customerEmail, input.customerPhoneNumber), contactAggregate);
  if (!isVerifiedFor(contact.state, claims.accountId, now)) throw new ForbiddenError(messages.server.contactNotVerified);
  if (input.dateOfCommencement < earliestCommencement(now)) {
    throw new ValidationError('dateOfCommencement', 'the stay can start tomorrow at the earliest');
  }
  const hotel = await loadHotel(deps.store, input.hotelID);
  if (hotel.status !== 'listed') throw new NotFoundError(messages.server.hotelNotFound);
  const roomId = await holderOf(deps.store, listingStream(input.hotelID, input.roomType, input.roomStandard));
  const room = roomId === null ? null : await loadRoom(deps.store, roomId);
  if (room === null || room.status !== 'listed') throw new NotFoundError(messages.server.noRoomOfThatKind);
  if (input.roomType === 'Flat' && input.numberOfRooms !== 1) throw new ValidationError('numberOfRooms', messages.server.flatOnly);

  const nights = stayNights(input.dateOfCommencement, input.numberOfNights);
  const units = unitsBooked(room.details.roomType, input.numberOfRooms);
  const quote = quoteStay({ ...input, roomType: room.details.roomType, pricePerNight: room.details.pricePerNight });
  for (let attempt = 1; ; attempt++) {
    const bookingID = newBookingId();
    const booking: PlacedBooking = {
      bookingID, customerId: claims.accountId, customerName: input.customerName, customerEmail: input.customerEmail.toLowerCase(),
      customerPhoneNumber: input.customerPhoneNumber, hotelId: hotel.hotelId, ownerId: hotel.ownerId, hotelName: hotel.details.hotelName,
      hotelAddress: hotel.details.address, hotelCity: hotel.details.city, roomId: room.roomId, roomType: room.details.roomType,
      roomStandard: room.details.roomStandard, numberOfRooms: room.details.roomType === 'Room' ? input.numberOfRooms : 1,
      numberOfGuests: input.numberOfGuests, numberOfNights: input.numberOfNights, dateOfBooking: indiaToday(now),
      dateOfCommencement: input.dateOfCommencement, nights, units, pricePerNight: room.details.pricePerNight, ...quote,
      paymentMethod: 'pay-at-hotel',
    };
    const metadata = { actor: claims.accountId, correlationId: bookingID };
    await handle(deps.store, streams.inventory(room.roomId), inventoryAggregate,
      (state) => reserveUnits({ bookingID, roomId: room.roomId, nights, units, totalUnits: room.details.totalUnits }, state), metadata);
    try {
      const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate, (state) => placeBooking(booking, state), metadata);
      return { value: { bookingID }, position };
    } catch (error) {
      await handle(deps.store, streams.inventory(room.roomId), inventoryAggregate, (state) => releaseUnits({ bookingID, roomId: room.roomId }, state), metadata)
        .catch(() => undefined);
      if (error instanceof ConflictError && attempt < 3) continue; // a booking id drawn twice: draw again
      throw error;
    }
  }
}

export async function cancelStay(deps: BookingDeps, claims: AccessTokenClaims, bookingID: string): Promise<Positioned<null>> {
  const metadata = { actor: claims.accountId, correlationId: bookingID };
  const { state, position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate,
    (current) => cancelBooking({ customerId: claims.accountId, now: deps.now() }, current), metadata);
  if (state.status === 'none') throw new NotFoundError(messages.server.bookingNotFound);
  const roomId = state.booking.roomId;
  const released = await handle(deps.store, streams.inventory(roomId), inventoryAggregate, (current) => releaseUnits({ bookingID, roomId }, current), metadata);
  return { value: null, position: released.position ?? position };
}

export async function recordPayment(deps: BookingDeps, claims: AccessTokenClaims, bookingID: string): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate,
    (current) => markPaid({ ownerId: claims.accountId, now: deps.now() }, current), { actor: claims.accountId, correlationId: bookingID });
  return { value: null, position };
}
