/**
 * What each event type means and which stream it is appended to, for the event catalogue
 * (`npm run events -- catalogue` writes docs/events/ from this, the schemas, their older
 * versions and the personal fields). Streams are `category-id`; the id is named in braces.
 */
import type { DomainEventType } from './index.ts';

export interface EventTypeEntry {
  /** The stream (category and id) events of this type are appended to. */
  readonly stream: string;
  readonly about: string;
}

const account = 'customer-{accountId} or owner-{accountId}';
const auditor = 'auditor-{auditorId}';
/** `{keyed(…)}`: `k` and the hex HMAC-SHA-256 under STREAM_NAME_KEY, never a plain hash of an email or phone. */
const contact = 'contact-{keyed(email|national number)}';
const uniqueKey =
  'customeremail-{keyed(email)}, owneremail-{keyed(email)}, auditoremail-{keyed(email)}, ownerhotel-{ownerId}, roomlisting-{hotelId}-{sha256(type|standard)}, streamnamekey-{keyed check}';

export const eventCatalogue: { readonly [Type in DomainEventType]: EventTypeEntry } = {
  AccountRegistered: { stream: account, about: 'A guest or hotel owner signed up, with a password or with Google.' },
  AccountProfileUpdated: { stream: account, about: 'Profile fields changed; only the changed fields are present.' },
  AccountPasswordChanged: { stream: account, about: "A new password hash; the account's other sessions end (AccountSignedOut, reason password-changed)." },
  AccountSignedIn: { stream: account, about: 'A session began.' },
  AccountSignedOut: { stream: account, about: 'A session ended: signed out, or ended by a password change or reset.' },
  AccountDeleted: { stream: account, about: 'The holder deleted the account; erasure of their personal data follows.' },
  PersonalDataErased: {
    stream: account,
    about: 'The account\'s data key was destroyed (and its invoices and profile photos deleted): its personal fields read as "[erased]" from here on.',
  },
  PasswordResetRequested: {
    stream: account,
    about: 'A password reset link was emailed (valid 30 minutes, replacing earlier links); only a keyed hash of its token is stored.',
  },
  AccountPasswordReset: {
    stream: account,
    about: 'A new password hash set through a reset link, which is used up; every session of the account ends (AccountSignedOut, reason password-reset).',
  },
  AuditorAdded: { stream: auditor, about: 'An auditor account was added (no sign-up: at start, by the CLI or by the demo data).' },
  AuditorSignedIn: { stream: auditor, about: 'An auditor session began.' },
  AuditorSignedOut: { stream: auditor, about: 'An auditor session ended.' },
  AuditorReadRecorded: {
    stream: auditor,
    about: "What an auditor read, when; a guest's email in the filters is kept only as its keyed digest (`guestEmailDigest`).",
  },
  KeyReserved: {
    stream: uniqueKey,
    about:
      "A unique key (an email, an owner's one hotel, a hotel's listing, the log's stream name key) was taken; the stream is created with no_stream, so one of two racing claims wins.",
  },
  KeyReleased: { stream: uniqueKey, about: 'The key was freed (its holder was deleted).' },
  HotelCreated: { stream: 'hotel-{hotelId}', about: 'An owner listed their hotel.' },
  HotelUpdated: { stream: 'hotel-{hotelId}', about: 'The hotel as it is after the update, and which fields changed.' },
  HotelDelisted: { stream: 'hotel-{hotelId}', about: 'The hotel left the listings (its owner deleted their account).' },
  CancellationPolicySet: {
    stream: 'hotel-{hotelId}',
    about: "The owner set the hotel's cancellation policy; bookings placed from then on carry it, earlier ones keep theirs.",
  },
  RoomAdded: { stream: 'room-{roomId}', about: 'A listing (room type and standard) was added to a hotel, with its units.' },
  RoomUpdated: { stream: 'room-{roomId}', about: 'The listing as it is after the update, and which fields changed.' },
  OtpIssued: { stream: contact, about: "A one-time code was sent to a guest's email and phone; only a keyed hash of it is stored." },
  OtpAttemptFailed: { stream: contact, about: 'A wrong code was typed.' },
  ContactVerified: { stream: contact, about: 'The right code was typed: the guest may book with this email and phone until `verifiedUntil`.' },
  OtpNotDelivered: {
    stream: contact,
    about: 'Neither the email nor the SMS with the code could be sent: the code is withdrawn and counts against no limit, so the guest may ask again at once.',
  },
  GuestContactUsed: { stream: 'guest-{customerId}', about: 'The guest asked a code for a contact (limits how many contacts a guest may use a day).' },
  GuestOtpAttemptFailed: {
    stream: 'guest-{customerId}',
    about: 'The guest typed a wrong code for a contact (limits wrong tries per guest over all contacts).',
  },
  GuestBookingHeld: { stream: 'guest-{customerId}', about: 'The guest holds this booking (limits upcoming bookings per guest).' },
  GuestBookingReleased: { stream: 'guest-{customerId}', about: 'The booking no longer counts against the guest (cancelled, or never placed).' },
  UnitsReserved: { stream: 'inventory-{roomId}', about: 'Units of a listing taken for a booking on each of its nights.' },
  UnitsReleased: { stream: 'inventory-{roomId}', about: 'Units given back (cancellation, or a booking that was never placed).' },
  NightsClosed: {
    stream: 'inventory-{roomId}',
    about: 'The owner closed units of a listing on some nights (repairs, own use): nobody can book them until they are reopened.',
  },
  NightsReopened: { stream: 'inventory-{roomId}', about: "Nights of a closure given back to booking: all of the closure's nights or some." },
  CalendarExportRenewed: {
    stream: 'calendarsync-{roomId}',
    about: "The owner made a new secret link to the listing's calendar feed: the old link stops working.",
  },
  CalendarFeedAdded: { stream: 'calendarsync-{roomId}', about: "The owner added another site's calendar feed: its blocked nights are closed here." },
  CalendarFeedRemoved: { stream: 'calendarsync-{roomId}', about: 'The owner removed a feed: the nights it blocked are reopened.' },
  CalendarFeedSynced: {
    stream: 'calendarsync-{roomId}',
    about:
      'A fetch of a feed: its result, nights closed and reopened, and blocks that collide with bookings made here (recorded when something changed, else at most hourly).',
  },
  BookingPlaced: {
    stream: 'booking-{bookingID}',
    about: 'A guest booked: the stay, the hotel and listing as they were, the amounts, and the cancellation policy the booking is made under.',
  },
  InvoiceIssued: { stream: 'booking-{bookingID}', about: 'The invoice PDF was rendered and stored.' },
  BookingEmailSent: { stream: 'booking-{bookingID}', about: 'The confirmation email (with the invoice) was sent.' },
  BookingNoticeClaimed: {
    stream: 'booking-{bookingID}',
    about: 'One of several documents reactors (production replicas) took an email about the booking upon itself; the others leave it alone for 15 minutes.',
  },
  BookingNoticeSent: {
    stream: 'booking-{bookingID}',
    about: 'An email about the booking was sent: the new booking to the owner, or the cancellation to the guest or the owner.',
  },
  BookingCancelled: { stream: 'booking-{bookingID}', about: "The guest cancelled: what it cost under the booking's policy, and what is due back." },
  BookingPaymentReceived: { stream: 'booking-{bookingID}', about: 'The owner recorded the payment at the hotel.' },
  BookingPaymentUndone: {
    stream: 'booking-{bookingID}',
    about: 'The owner took back a payment record within minutes of making it: the booking is unpaid again.',
  },
};
