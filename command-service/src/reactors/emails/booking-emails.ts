/**
 * What each email about a booking says, to whom: the guest's confirmation (with the
 * invoice) and cancellation, the owner's new booking and cancellation. Who sees what
 * (docs/personal-data.md, "Emails"): the guest's emails carry the booking and the hotel's
 * published contact details, never the owner's; the owner's carry the guest's name as typed
 * for the stay, never the guest's email or phone.
 */
import {
  ERASED,
  checkOutOfBooking,
  describePolicyForBooking,
  formatDiscount,
  formatRupees,
  indiaToday,
  invoiceFileName,
  messages,
  nameForMessages,
  roomName,
  type CancellationPolicy,
  type PlacedBooking,
} from '@stays/contracts';
import type { EmailMessage } from '@stays/service-kit';
import { renderEmail, type EmailContent } from '../../emails/layout.ts';

const texts = messages.emails;

/** The hotel as the guest's emails show it: its published contact details and times ('' when unknown). */
export interface HotelForEmails {
  readonly address: string;
  readonly city: string;
  readonly phoneNumber: string;
  /** 'HH:MM', 24-hour. */
  readonly checkInTime: string;
  readonly checkOutTime: string;
}

/** A cancellation as recorded: when, and the charge and refund under the booking's policy (integer rupees). */
export interface CancellationForEmails {
  readonly cancelledAt: string;
  readonly chargeAmount: number;
  readonly refundAmount: number;
}

const DAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as people read it: "Sat 5 Dec 2026". */
export function formatDay(date: string): string {
  const parts = Object.fromEntries(DAY.formatToParts(new Date(`${date}T00:00:00Z`)).map((part) => [part.type, part.value]));
  return `${parts['weekday']} ${parts['day']} ${parts['month']} ${parts['year']}`;
}

const guestName = (booking: PlacedBooking) => nameForMessages(booking.customerName);
const guestForOwner = (booking: PlacedBooking) => (booking.customerName === ERASED ? texts.erasedGuest : guestName(booking) || texts.erasedGuest);
const listing = (booking: PlacedBooking) => roomName(booking.roomStandard, booking.roomType);

function stayFacts(booking: PlacedBooking, hotel: Pick<HotelForEmails, 'checkInTime' | 'checkOutTime'>): [string, string][] {
  return [
    [texts.labels.checkIn, texts.checkInAt(formatDay(booking.dateOfCommencement), hotel.checkInTime)],
    [texts.labels.checkOut, texts.checkOutAt(formatDay(checkOutOfBooking(booking)), hotel.checkOutTime)],
    [texts.labels.nights, String(booking.numberOfNights)],
    [texts.labels.guests, String(booking.numberOfGuests)],
    [texts.labels.rooms, `${booking.numberOfRooms} (${listing(booking)})`],
  ];
}

const hotelFacts = (booking: PlacedBooking, hotel: HotelForEmails): [string, string][] => [
  [texts.labels.hotel, booking.hotelName],
  [texts.labels.address, [hotel.address, hotel.city].filter((part) => part !== '').join(', ')],
  ...(hotel.phoneNumber === '' ? [] : [[texts.labels.phone, hotel.phoneNumber] as [string, string]]),
];

const cancellationFacts = (cancellation: CancellationForEmails): [string, string][] => [
  [texts.labels.cancelledOn, formatDay(indiaToday(new Date(cancellation.cancelledAt)))],
  [texts.labels.charge, formatRupees(cancellation.chargeAmount)],
  [texts.labels.refund, formatRupees(cancellation.refundAmount)],
];

const policySection = (policy: CancellationPolicy, booking: PlacedBooking) => ({
  heading: texts.policyHeading,
  text: describePolicyForBooking(policy, booking),
});

function message(to: string, subject: string, content: EmailContent, attachments?: EmailMessage['attachments']): EmailMessage {
  return { to, subject, ...renderEmail(content), ...(attachments && { attachments }) };
}

/** To the guest once the booking is placed, with the invoice attached. `link`: the guest's bookings in the web client. */
export function bookingConfirmationEmail(
  booking: PlacedBooking,
  hotel: HotelForEmails,
  policy: CancellationPolicy,
  link: string,
  invoice: Buffer,
): EmailMessage {
  const said = texts.confirmation;
  return message(
    booking.customerEmail,
    said.subject(booking.bookingID, booking.hotelName),
    {
      heading: said.heading,
      intro: [texts.greeting(guestName(booking)), said.intro(booking.bookingID, booking.hotelName, booking.hotelCity)],
      facts: [
        [texts.labels.bookingID, booking.bookingID],
        ...hotelFacts(booking, hotel),
        ...stayFacts(booking, hotel),
        [texts.labels.total, formatRupees(booking.totalAmount)],
        [texts.labels.discount, formatDiscount(booking.discountAmount)],
        [texts.labels.payable, formatRupees(booking.payableAmount)],
      ],
      sections: [policySection(policy, booking)],
      outro: [said.invoice],
      link: { label: said.link, href: link },
    },
    [{ filename: invoiceFileName(booking.bookingID), content: invoice, contentType: 'application/pdf' }],
  );
}

/** To the guest once the booking is cancelled: what was cancelled, and the charge and refund under its policy. */
export function guestCancellationEmail(
  booking: PlacedBooking,
  hotel: HotelForEmails,
  policy: CancellationPolicy,
  cancellation: CancellationForEmails,
  link: string,
): EmailMessage {
  const said = texts.guestCancellation;
  return message(booking.customerEmail, said.subject(booking.bookingID, booking.hotelName), {
    heading: said.heading,
    intro: [
      texts.greeting(guestName(booking)),
      said.intro(booking.bookingID, booking.hotelName, booking.hotelCity),
      cancellation.chargeAmount === 0 ? said.free : said.charged(formatRupees(cancellation.chargeAmount)),
    ],
    facts: [[texts.labels.bookingID, booking.bookingID], ...hotelFacts(booking, hotel), ...stayFacts(booking, hotel), ...cancellationFacts(cancellation)],
    sections: [policySection(policy, booking)],
    link: { label: said.link, href: link },
  });
}

/** The booking as its owner sees it: the guest by name only (no email, no phone). */
const ownersFacts = (booking: PlacedBooking): [string, string][] => [
  [texts.labels.bookingID, booking.bookingID],
  [texts.labels.guest, guestForOwner(booking)],
  [texts.labels.listing, listing(booking)],
  ...stayFacts(booking, { checkInTime: '', checkOutTime: '' }),
];

/** To the owner once a booking is placed at their hotel. `link`: the hotel's bookings in the web client. */
export function ownerNewBookingEmail(booking: PlacedBooking, ownerEmail: string, link: string): EmailMessage {
  const said = texts.ownerNewBooking;
  return message(ownerEmail, said.subject(booking.bookingID, booking.hotelName), {
    heading: said.heading,
    intro: [said.intro(booking.bookingID, booking.hotelName)],
    facts: [...ownersFacts(booking), [texts.labels.payable, formatRupees(booking.payableAmount)]],
    link: { label: said.link, href: link },
  });
}

/** To the owner once a booking at their hotel is cancelled, with the charge due under its policy. */
export function ownerCancellationEmail(booking: PlacedBooking, ownerEmail: string, cancellation: CancellationForEmails, link: string): EmailMessage {
  const said = texts.ownerCancellation;
  return message(ownerEmail, said.subject(booking.bookingID, booking.hotelName), {
    heading: said.heading,
    intro: [said.intro(booking.bookingID, booking.hotelName)],
    facts: [...ownersFacts(booking), ...cancellationFacts(cancellation)],
    link: { label: said.link, href: link },
  });
}

/** The web client's pages the emails link to, on its public address (PUBLIC_URL). */
export function webClientLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    /** The guest's bookings (frontend route /user/bookings/:customerID). */
    guestBookings: (customerId: string) => `${base}/user/bookings/${encodeURIComponent(customerId)}`,
    /** The owner's bookings of their hotel (frontend route /hotel-owner-bookings/:hotelID). */
    ownerBookings: (hotelId: string) => `${base}/hotel-owner-bookings/${encodeURIComponent(hotelId)}`,
  };
}
