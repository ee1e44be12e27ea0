import { expect } from 'chai';
import { eventCatalogue } from '@stays/contracts';
import { eventTypeGroups, streamCategories } from '../../src/features/audit/event-types.ts';
import { fieldLabel } from '../../src/features/audit/timeline.ts';

describe("the log browser's event types and the as-of view's field names (unit)", () => {
  it('reads the stream categories a catalogue entry names', () => {
    expect(streamCategories('booking-{bookingID}')).to.deep.equal(['booking']);
    expect(streamCategories('customer-{accountId} or owner-{accountId}')).to.deep.equal(['customer', 'owner']);
    expect(streamCategories('roomlisting-{hotelId}-{sha256(type|standard)}, streamnamekey-{keyed check}')).to.deep.equal(['roomlisting', 'streamnamekey']);
  });

  it('offers every type of the catalogue once, grouped by stream categories in catalogue order', () => {
    const groups = eventTypeGroups();
    expect(groups.flatMap((group) => group.types)).to.have.members(Object.keys(eventCatalogue));
    expect(groups.flatMap((group) => group.types)).to.have.length(Object.keys(eventCatalogue).length);
    expect(groups.find((group) => group.label === 'booking')?.types).to.include.members(['BookingPlaced', 'BookingCancelled', 'BookingPaymentReceived']);
    expect(groups.find((group) => group.label === 'inventory')?.types).to.deep.equal(['UnitsReserved', 'UnitsReleased', 'NightsClosed', 'NightsReopened']);
    expect(groups.find((group) => group.label === 'customer, owner')?.types).to.include('AccountRegistered');
  });

  it("names a state's fields in words: the catalogue's names, other keys spelled out, nested ones after their group", () => {
    expect(fieldLabel('paid')).to.equal('Paid');
    expect(fieldLabel('emailSent')).to.equal('Confirmation emailed');
    expect(fieldLabel('booking.numberOfNights')).to.equal('Booking: Number of nights');
    expect(fieldLabel('booking.dateOfCommencement')).to.equal('Booking: First night');
    expect(fieldLabel('cancellation.cancelledAt')).to.equal('Cancellation: Cancelled at');
    expect(fieldLabel('invoice.url')).to.equal('Invoice: Link');
  });
});
