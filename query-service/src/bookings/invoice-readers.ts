/**
 * Who may read a booking's invoice (it carries the guest's name, email and phone): the
 * booking's guest and the hotel's owner, and nobody once the guest's account is deleted.
 * Auditors, once they exist, are one more reader here.
 */
import type { ReadModelQueries } from '@stays/projections/read-models';

export type InvoiceReaders = (bookingID: string, reader: string) => Promise<boolean>;

export function invoiceReaders({ bookings, accounts }: ReadModelQueries): InvoiceReaders {
  return async (bookingID, reader) => {
    const parties = await bookings.partiesOf(bookingID);
    if (parties === null || !(await accounts.customerExists(parties.customerID))) return false;
    if (reader === parties.customerID) return true;
    if (reader === parties.ownerId) return accounts.ownerExists(reader);
    return false;
  };
}
