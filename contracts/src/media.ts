/** Naming of private media and how long their links live: shared by the services and the web client. */

/** The stored name of a booking's invoice, also its file name in the email and the bookings list. */
export const invoiceFileName = (bookingID: string): string => `Invoice_${bookingID}.pdf`;

const INVOICE_FILE = /^Invoice_(.+)\.pdf$/;

/** The booking an invoice's media id belongs to, or null when the id names no invoice. */
export function bookingIdOfInvoice(mediaId: string): string | null {
  return INVOICE_FILE.exec(mediaId)?.[1] ?? null;
}

/**
 * How long a signed link to private media (an invoice) works: minutes, like a presigned
 * object URL, so a link that leaks (history, a shared screen, a forwarded mail) soon stops
 * working. Screens that show such links read them again before this runs out.
 */
export const SIGNED_MEDIA_LINK_MINUTES = 15;
