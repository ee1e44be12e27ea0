/**
 * The invoice of a booking as a PDF (pdfmake, Roboto, which has the ₹ sign). The fonts
 * live in pdfmake's in-memory file system (invoice-fonts.ts); no URL and no file is ever
 * read while rendering.
 */
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  checkOutOfBooking,
  describePolicyForBooking,
  indiaToday,
  invoiceFileName,
  messages,
  roomTypeLabel,
  type BookingCancellation,
  type PlacedBooking,
} from '@stays/contracts';
import { INVOICE_FONT_FILES, loadInvoiceFont } from './invoice-fonts.ts';

/** pdfmake's in-memory file system: public on pdfmake's instance, left out of its type definitions. */
const { virtualfs } = pdfmake as unknown as { virtualfs: { writeFileSync(file: string, content: Buffer): void } };
for (const file of Object.values(INVOICE_FONT_FILES)) virtualfs.writeFileSync(file, loadInvoiceFont(file));
pdfmake.setFonts({ Roboto: { ...INVOICE_FONT_FILES } });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const rupees = (amount: number): string => `₹${amount.toLocaleString('en-IN')}`;

/** What the payment row says: paid, pending, or cancelled (with what the cancellation cost). */
function paymentText(paid: boolean, cancellation: BookingCancellation | null): string {
  if (paid) return 'Paid';
  if (cancellation === null) return 'Pay at hotel (pending)';
  return cancellation.chargeAmount > 0 ? 'Cancelled: the cancellation charge is payable to the hotel' : 'Cancelled: nothing is payable';
}

/** The invoice as pdfmake's document definition (exported for tests, which read its texts). */
export function invoiceDocument(booking: PlacedBooking, paid: boolean, cancellation: BookingCancellation | null = null): TDocumentDefinitions {
  const row = (label: string, value: string) => [{ text: label, color: '#555555' }, { text: value }];
  const cancellationRows =
    cancellation === null
      ? []
      : [
          row('Cancelled on', indiaToday(new Date(cancellation.cancelledAt))),
          [
            { text: 'Cancellation charge', bold: true },
            { text: rupees(cancellation.chargeAmount), bold: true },
          ],
          ...(cancellation.refundAmount > 0 ? [row('Refund due', rupees(cancellation.refundAmount))] : []),
        ];
  return {
    info: { title: invoiceFileName(booking.bookingID), author: 'Stays', subject: `Booking ${booking.bookingID}` },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: 'Roboto', fontSize: 11 },
    content: [
      {
        columns: [
          { text: 'Stays', fontSize: 24, bold: true, color: '#106ba3' },
          { text: 'INVOICE', fontSize: 18, bold: true, alignment: 'right' },
        ],
      },
      { text: `Booking ID: ${booking.bookingID}`, margin: [0, 16, 0, 2], bold: true },
      { text: `Date of booking: ${booking.dateOfBooking}`, margin: [0, 0, 0, 16] },
      { text: 'Hotel', style: 'heading' },
      { text: booking.hotelName, bold: true },
      { text: `${booking.hotelAddress}, ${booking.hotelCity}`, margin: [0, 0, 0, 12] },
      { text: 'Guest', style: 'heading' },
      { text: booking.customerName, bold: true },
      { text: `${booking.customerEmail} · ${booking.customerPhoneNumber}`, margin: [0, 0, 0, 12] },
      { text: 'Stay', style: 'heading' },
      {
        table: {
          widths: ['40%', '60%'],
          body: [
            row('Date of commencement', booking.dateOfCommencement),
            row('Check-out', checkOutOfBooking(booking)),
            row('Nights', String(booking.numberOfNights)),
            row('Guests', String(booking.numberOfGuests)),
            row('Rooms', String(booking.numberOfRooms)),
            row('Room type', roomTypeLabel(booking.roomType)),
            row('Room standard', booking.roomStandard),
            row('Price per night', rupees(booking.pricePerNight)),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      { text: 'Amount', style: 'heading' },
      {
        table: {
          widths: ['40%', '60%'],
          body: [
            row('Total', rupees(booking.totalAmount)),
            row('Discount (20%)', `−${rupees(booking.discountAmount)}`),
            [
              { text: 'Payable', bold: true },
              { text: rupees(booking.payableAmount), bold: true },
            ],
            ...cancellationRows,
            row('Payment', paymentText(paid, cancellation)),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      { text: messages.cancellationPolicy.heading, style: 'heading' },
      { text: describePolicyForBooking(booking.cancellationPolicy, booking) },
      { text: 'Thank you for booking with Stays.', margin: [0, 24, 0, 0], color: '#555555' },
    ],
    styles: { heading: { fontSize: 12, bold: true, color: '#106ba3', margin: [0, 4, 0, 4] } },
  };
}

export async function renderInvoice(booking: PlacedBooking, paid: boolean, cancellation: BookingCancellation | null = null): Promise<Buffer> {
  return Buffer.from(await pdfmake.createPdf(invoiceDocument(booking, paid, cancellation)).getBuffer());
}
