/**
 * Who may read a booking's invoice (it carries the guest's name, email and phone): the
 * booking's guest and the hotel's owner, and nobody once the guest's account is deleted.
 * Auditors, once they exist, are one more reader here.
 */
import type { ReadStore } from '@stays/read-store';
import { collections, type BookingDocument, type CustomerDocument, type OwnerDocument } from '@stays/projections';

export type InvoiceReaders = (bookingID: string, reader: string) => Promise<boolean>;

export function invoiceReaders(readStore: ReadStore): InvoiceReaders {
  const bookings = readStore.collection<BookingDocument>(collections.bookings);
  const customers = readStore.collection<CustomerDocument>(collections.customers);
  const owners = readStore.collection<OwnerDocument>(collections.owners);
  const exists = async (collection: typeof customers | typeof owners, id: string) => (await collection.countDocuments({ _id: id })) === 1;

  return async (bookingID, reader) => {
    const booking = await bookings.findOne({ _id: bookingID }, { projection: { customerID: 1, ownerId: 1 } });
    if (booking === null || !(await exists(customers, booking.customerID))) return false;
    if (reader === booking.customerID) return true;
    if (reader === booking.ownerId) return exists(owners, reader);
    return false;
  };
}
