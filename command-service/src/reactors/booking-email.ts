/** The booking confirmation email, with the invoice attached. */
import { checkOutOfBooking, invoiceFileName, nameForMessages, roomTypeLabel, type PlacedBooking } from '@stays/contracts';
import type { EmailMessage } from '@stays/service-kit';

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;

export function bookingEmail(booking: PlacedBooking, invoice: Buffer): EmailMessage {
  const text = [
    `Dear ${nameForMessages(booking.customerName) || 'guest'},`, // plain text, even for bookings placed before names were checked
    '',
    `Your booking ${booking.bookingID} at ${booking.hotelName}, ${booking.hotelCity} is confirmed.`,
    '',
    `Check-in: ${booking.dateOfCommencement}, check-out: ${checkOutOfBooking(booking)} (${booking.numberOfNights} night(s))`,
    `${roomTypeLabel(booking.roomType)} (${booking.roomStandard}), ${booking.numberOfRooms} room(s), ${booking.numberOfGuests} guest(s)`,
    `Total ${rupees(booking.totalAmount)}, discount ${rupees(booking.discountAmount)}, payable at the hotel ${rupees(booking.payableAmount)}`,
    '',
    'Your invoice is attached.',
    '',
    'Stays',
  ].join('\n');
  return {
    to: booking.customerEmail,
    subject: `Booking confirmed: ${booking.bookingID} at ${booking.hotelName}`,
    text,
    attachments: [{ filename: invoiceFileName(booking.bookingID), content: invoice, contentType: 'application/pdf' }],
  };
}
