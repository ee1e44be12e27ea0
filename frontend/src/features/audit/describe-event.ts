/**
 * What an event of the log means, in words an auditor reads: one function per event type
 * over its (decrypted) data. The data is read field by field, each checked for its kind:
 * an event lacking a field its sentence needs, or of a type this client does not know
 * yet, is named by type and stream. (The types' zod schemas are not used here: they would
 * bring zod's parsers into the first download.) DOM-free.
 */
import { auditMessages, formatRupees, roomName, ROOM_TYPES, type DomainEventType, type RoomType } from '@stays/contracts';
import { indiaTime } from './timeline.ts';

const said = auditMessages.happened;

class MissingField extends Error {
  override readonly name = 'MissingField';
}

/** Typed reads of an event's data; a field of another kind is missing. */
function fieldsOf(data: Readonly<Record<string, unknown>>) {
  const read = <T>(name: string, is: (value: unknown) => value is T): T => {
    const value = data[name];
    if (!is(value)) throw new MissingField(name);
    return value;
  };
  const isText = (value: unknown): value is string => typeof value === 'string';
  const isNumber = (value: unknown): value is number => typeof value === 'number';
  const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);
  return {
    text: (name: string) => read(name, isText),
    number: (name: string) => read(name, isNumber),
    texts: (name: string) => read(name, isTexts),
    has: (name: string) => data[name] !== undefined,
    roomType: (name: string): RoomType => read(name, (value): value is RoomType => (ROOM_TYPES as readonly unknown[]).includes(value)),
  };
}
type Fields = ReturnType<typeof fieldsOf>;

const roleName = (role: string) => (role === 'customer' || role === 'hotel-owner' ? auditMessages.roles[role] : role);
/** The reservation stream's kind, e.g. 'customeremail' for `customeremail-{hash}`. */
const categoryOf = (streamId: string) => streamId.split('-')[0] ?? streamId;
const room = (d: Fields) => roomName(d.text('roomStandard'), d.roomType('roomType'));
const nights = (d: Fields) => d.texts('nights');
/** A feed's host only: the rest of another site's export URL is that site's secret. */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '?';
  }
};

const describers: { readonly [Type in DomainEventType]: (d: Fields, streamId: string) => string } = {
  AccountRegistered: (d) => said.accountRegistered(roleName(d.text('role')), d.text('name'), d.text('via')),
  AccountProfileUpdated: (d) => said.accountProfileUpdated(['name', 'email', 'username', 'profileImage'].filter(d.has)),
  AccountPasswordChanged: () => said.accountPasswordChanged,
  AccountSignedIn: (d) => said.accountSignedIn(d.text('method')),
  AccountSignedOut: (d) =>
    d.has('reason') && d.text('reason') === 'password-reset'
      ? said.sessionEndedByReset
      : said.accountSignedOut(d.has('reason') && d.text('reason') === 'password-changed'),
  PasswordResetRequested: (d) => said.passwordResetRequested(indiaTime(d.text('expiresAt'))),
  AccountPasswordReset: () => said.accountPasswordReset,
  AccountDeleted: () => said.accountDeleted,
  PersonalDataErased: () => said.personalDataErased,
  KeyReserved: (d, streamId) => said.keyReserved(categoryOf(streamId), d.text('holder')),
  KeyReleased: (d, streamId) => said.keyReleased(categoryOf(streamId), d.text('holder')),
  HotelCreated: (d) => said.hotelCreated(d.text('hotelName'), d.text('city')),
  HotelUpdated: (d) => said.hotelUpdated(d.text('hotelName'), d.texts('changedFields')),
  HotelDelisted: () => said.hotelDelisted,
  CancellationPolicySet: () => said.cancellationPolicySet,
  RoomAdded: (d) => said.roomAdded(room(d), d.text('hotelName'), formatRupees(d.number('pricePerNight'))),
  RoomUpdated: (d) => said.roomUpdated(room(d), d.texts('changedFields')),
  OtpIssued: (d) => said.otpIssued(indiaTime(d.text('expiresAt'))),
  OtpAttemptFailed: () => said.otpAttemptFailed,
  ContactVerified: (d) => said.contactVerified(indiaTime(d.text('verifiedUntil'))),
  OtpNotDelivered: () => said.otpNotDelivered,
  GuestContactUsed: () => said.guestContactUsed,
  GuestOtpAttemptFailed: () => said.guestOtpAttemptFailed,
  GuestBookingHeld: (d) => said.guestBookingHeld(d.text('lastNight')),
  GuestBookingReleased: () => said.guestBookingReleased,
  UnitsReserved: (d) => said.unitsReserved(d.number('units'), nights(d).length, nights(d)[0] ?? ''),
  UnitsReleased: (d) => said.unitsReleased(d.number('units'), nights(d).length, nights(d)[0] ?? ''),
  NightsClosed: (d) => said.nightsClosed(d.number('units'), nights(d).length, nights(d)[0] ?? ''),
  NightsReopened: (d) => said.nightsReopened(d.number('units'), nights(d).length, nights(d)[0] ?? ''),
  CalendarExportRenewed: () => said.calendarExportRenewed,
  CalendarFeedAdded: (d) => said.calendarFeedAdded(hostOf(d.text('url'))),
  CalendarFeedRemoved: () => said.calendarFeedRemoved,
  CalendarFeedSynced: (d) => said.calendarFeedSynced(d.text('result'), d.number('closed'), d.number('reopened')),
  BookingPlaced: (d) =>
    said.bookingPlaced(
      d.text('customerName'),
      room(d),
      d.text('hotelName'),
      d.number('numberOfNights'),
      d.text('dateOfCommencement'),
      formatRupees(d.number('payableAmount')),
    ),
  InvoiceIssued: () => said.invoiceIssued,
  BookingEmailSent: () => said.bookingEmailSent,
  BookingNoticeClaimed: (d) => said.bookingNoticeClaimed(d.text('notice')),
  BookingNoticeSent: (d) => said.bookingNoticeSent(d.text('notice')),
  // a free cancellation (or one recorded before charges were) reads as it always did
  BookingCancelled: (d) =>
    d.has('chargeAmount') && d.number('chargeAmount') > 0
      ? said.bookingCancelledWithCharge(indiaTime(d.text('cancelledAt')), formatRupees(d.number('chargeAmount')))
      : said.bookingCancelled(indiaTime(d.text('cancelledAt'))),
  BookingPaymentReceived: (d) => said.bookingPaymentReceived(indiaTime(d.text('receivedAt'))),
  BookingPaymentUndone: (d) => said.bookingPaymentUndone(indiaTime(d.text('undoneAt'))),
  AuditorAdded: (d) => said.auditorAdded(d.text('via')),
  AuditorSignedIn: () => said.auditorSignedIn,
  AuditorSignedOut: () => said.auditorSignedOut,
  AuditorReadRecorded: (d) => said.auditorRead(d.text('what'), d.has('bookingID') ? d.text('bookingID') : undefined),
};

/** The sentence for one event of the log. */
export function describeEvent(type: string, data: Readonly<Record<string, unknown>>, streamId: string): string {
  if (!Object.hasOwn(describers, type)) return said.other(type, streamId);
  try {
    return describers[type as DomainEventType](fieldsOf(data), streamId);
  } catch (error) {
    if (error instanceof MissingField) return said.other(type, streamId);
    throw error;
  }
}
