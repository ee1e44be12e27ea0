import { expect } from 'chai';
import { EventDataError, eventSchemaVersions, eventSchemas, isDomainEventType, parseEvent } from '../src/index.ts';

describe('contracts: reading stored events (parseEvent)', () => {
  it('reads an event with its type schema and leaves out fields the schema does not know', () => {
    const event = parseEvent('BookingCancelled', { bookingID: 'BK-1', customerId: 'c1', cancelledAt: '2026-11-22T10:00:00.000Z', note: 'not ours' });
    expect(event).to.deep.equal({ type: 'BookingCancelled', data: { bookingID: 'BK-1', customerId: 'c1', cancelledAt: '2026-11-22T10:00:00.000Z' } });
  });

  it('reads the optional fields older events lack', () => {
    expect(parseEvent('OtpAttemptFailed', { customerId: 'c1' }).data).to.deep.equal({ customerId: 'c1' });
    expect(parseEvent('AccountSignedOut', { accountId: 'a', role: 'customer', sessionId: 's' }).data).to.deep.equal({ accountId: 'a', role: 'customer', sessionId: 's' });
  });

  it('refuses data that does not fit, naming the type and each field', () => {
    let failure: unknown;
    try {
      parseEvent('HotelUpdated', { hotelId: 'h1', changedFields: ['hotelName', 'ownerId'], restaurants: [{ _id: 'p1', name: 'Cafe', distance: '2' }] });
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(EventDataError);
    const message = (failure as Error).message;
    expect(message).to.match(/^HotelUpdated: /);
    for (const field of ['ownerId', 'changedFields.1', 'restaurants.0.distance', 'hotelName', 'startingPrice']) expect(message).to.contain(field);
  });

  it('knows every event type the log holds, each with a schema version', () => {
    expect(Object.keys(eventSchemas)).to.have.members(Object.keys(eventSchemaVersions));
    expect(isDomainEventType('BookingPlaced')).to.equal(true);
    expect(isDomainEventType('toString')).to.equal(false);
    expect(isDomainEventType('Opened')).to.equal(false);
  });
});
