/**
 * The invoice of a booking as a PDF (pdfmake, Roboto, which has the ₹ sign). The fonts
 * live in pdfmake's in-memory file system (invoice-fonts.ts); no URL and no file is ever
 * read while rendering.
 */
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { checkOutOfBooking, invoiceFileName, roomTypeLabel, type PlacedBooking } from '@stays/contracts';
import { INVOICE_FONT_FILES, loadInvoiceFont } from './invoice-fonts.ts';

/** pdfmake's in-memory file system: public on pdfmake's instance, left out of its type definitions. */
const { virtualfs } = pdfmake as unknown as { virtualfs: { writeFileSync(file: string, content: Buffer): void } };
for (const file of Object.values(INVOICE_FONT_FILES)) virtualfs.writeFileSync(file, loadInvoiceFont(file));
pdfmake.setFonts({ Roboto: { ...INVOICE_FONT_FILES } });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const rupees = (amount: number): string => `₹${amount.toLocaleString('en-IN')}`;

function invoiceDocument(booking: PlacedBooking, paid: boolean): TDocumentDefinitions {
  const row = (label: string, value: string) => [{ text: label, color: '#555555' }, { text: value }];
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
            row('Payment', paid ? 'Paid' : 'Pay at hotel (pending)'),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'Thank you for booking with Stays.', margin: [0, 24, 0, 0], color: '#555555' },
    ],
    styles: { heading: { fontSize: 12, bold: true, color: '#106ba3', margin: [0, 4, 0, 4] } },
  };
}

export async function renderInvoice(booking: PlacedBooking, paid: boolean): Promise<Buffer> {
  return Buffer.from(await pdfmake.createPdf(invoiceDocument(booking, paid)).getBuffer());
}
