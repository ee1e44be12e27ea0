import { expect } from 'chai';
import {
  EventDataError,
  TERMS_BEFORE_POLICIES,
  eventSchemaVersions,
  eventSchemas,
  isDomainEventType,
  olderVersions,
  parseEvent,
  type StoredEvent,
} from '../src/index.ts';

const RECORDED_AT = '2026-11-22T10:00:00.000Z';
const stored = (type: string, data: unknown, schemaVersion?: unknown): StoredEvent => ({
  type,
  data,
  recordedAt: RECORDED_AT,
  metadata: schemaVersion === undefined ? {} : { schemaVersion },
});
/** A stored record frozen through, as the embedded log hands records out. */
const frozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) for (const member of Object.values(Object.freeze(value))) frozen(member);
  return value;
};
const failureOf = (read: () => unknown): Error => {
  try {
    read();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
};

describe('contracts: reading stored events (parseEvent)', () => {
  it('reads an event with its type schema and leaves out fields the schema does not know', () => {
    const event = parseEvent(
      stored('BookingPaymentReceived', { bookingID: 'BK-1', ownerId: 'o1', receivedAt: '2026-11-22T10:00:00.000Z', note: 'not ours' }, 1),
    );
    expect(event).to.deep.equal({ type: 'BookingPaymentReceived', data: { bookingID: 'BK-1', ownerId: 'o1', receivedAt: '2026-11-22T10:00:00.000Z' } });
  });

  it('reads optional fields left out', () => {
    expect(parseEvent(stored('AccountSignedOut', { accountId: 'a', role: 'customer', sessionId: 's' })).data).to.deep.equal({
      accountId: 'a',
      role: 'customer',
      sessionId: 's',
    });
  });

  it('refuses data that does not fit, naming the type and each field', () => {
    const failure = failureOf(() =>
      parseEvent(stored('HotelUpdated', { hotelId: 'h1', changedFields: ['hotelName', 'ownerId'], restaurants: [{ _id: 'p1', name: 'Cafe', distance: '2' }] })),
    );
    expect(failure).to.be.instanceOf(EventDataError);
    const { message } = failure;
    expect(message).to.match(/^HotelUpdated: /);
    for (const field of ['ownerId', 'changedFields.1', 'restaurants.0.distance', 'hotelName', 'startingPrice']) expect(message).to.contain(field);
  });

  it('knows every event type the log holds, each with a schema version', () => {
    expect(Object.keys(eventSchemas)).to.have.members(Object.keys(eventSchemaVersions));
    expect(isDomainEventType('BookingPlaced')).to.equal(true);
    expect(isDomainEventType('toString')).to.equal(false);
    expect(isDomainEventType('Opened')).to.equal(false);
  });

  it('refuses a type the product does not know, a version it does not know, and a type the caller does not expect', () => {
    expect(failureOf(() => parseEvent(stored('Opened', {}))).message).to.equal('Opened: (data) is not an event type of the product');
    for (const version of [0, 3, 1.5, '1']) {
      expect(
        failureOf(() => parseEvent(stored('OtpAttemptFailed', { customerId: 'c1', failedAt: RECORDED_AT }, version))),
        String(version),
      )
        .to.be.instanceOf(EventDataError)
        .and.have.property('message')
        .that.contains('schema version');
    }
    expect(failureOf(() => parseEvent(stored('KeyReserved', { holder: 'h' }), ['BookingPlaced', 'BookingCancelled'])).message).to.equal(
      'KeyReserved: (data) is not one of BookingPlaced, BookingCancelled',
    );
  });
});

describe('contracts: event versions and upcasters', () => {
  it('writes each type at one past its older versions', () => {
    expect(eventSchemaVersions.OtpAttemptFailed).to.equal(2);
    expect(eventSchemaVersions.BookingPlaced).to.equal(2);
    expect(eventSchemaVersions.BookingPaymentReceived).to.equal(1);
    for (const [type, older] of Object.entries(olderVersions))
      expect(eventSchemaVersions[type as keyof typeof eventSchemaVersions], type).to.equal(older.length + 1);
  });

  describe('RoomAdded and RoomUpdated v1 to v2: how many guests a unit sleeps', () => {
    const listing = {
      roomId: 'r1',
      hotelId: 'h1',
      ownerId: 'o1',
      roomStandard: 'Deluxe',
      size: 30,
      amenities: [],
      pricePerNight: 4500,
      hasKitchen: false,
      furnished: true,
      imageURLs: [],
      totalUnits: 3,
    };

    it("gives a listing written before maxGuests what its beds sleep: a King room three, a Flat's Queen beds two a bedroom", () => {
      const room = { ...listing, hotelName: 'H', roomType: 'Room', bedType: 'King', numberOfRooms: 1 };
      expect(parseEvent(stored('RoomAdded', room)).data).to.include({ maxGuests: 3 });
      const flat = { ...listing, roomType: 'Flat', bedType: 'Queen', numberOfRooms: 2, hasKitchen: true, changedFields: ['bedType'] };
      expect(parseEvent(stored('RoomUpdated', flat, 1)).data).to.include({ maxGuests: 4 });
    });

    it('reads a frozen v1 record without changing it, into data of its own each time', () => {
      const added = frozen(stored('RoomAdded', { ...listing, hotelName: 'H', roomType: 'Room', bedType: 'King', numberOfRooms: 1 }));
      const updated = frozen(
        stored('RoomUpdated', { ...listing, roomType: 'Flat', bedType: 'Queen', numberOfRooms: 2, hasKitchen: true, changedFields: ['bedType'] }),
      );
      for (const record of [added, updated]) {
        const [first, second] = [parseEvent(record).data, parseEvent(record).data];
        expect(second, record.type).to.deep.equal(first);
        expect(second, record.type).to.not.equal(first);
        expect(record.data, record.type).to.not.have.property('maxGuests');
      }
    });

    it('reads v2 as written and refuses v2 without maxGuests', () => {
      const room = { ...listing, hotelName: 'H', roomType: 'Room', bedType: 'Single', numberOfRooms: 1 };
      expect(parseEvent(stored('RoomAdded', { ...room, maxGuests: 2 }, 2)).data).to.include({ maxGuests: 2 });
      expect(failureOf(() => parseEvent(stored('RoomAdded', room, 2)))).to.be.instanceOf(EventDataError);
    });
  });

  describe('OtpAttemptFailed v1 to v2', () => {
    const [v1] = olderVersions.OtpAttemptFailed!;

    it('takes a missing failedAt from the time the try was recorded', () => {
      expect(v1!.toNext({ customerId: 'c1' }, stored('OtpAttemptFailed', { customerId: 'c1' }))).to.deep.equal({ customerId: 'c1', failedAt: RECORDED_AT });
    });

    it('keeps a failedAt the v1 event already carried', () => {
      const data = { customerId: 'c1', failedAt: '2026-11-21T08:00:00.000Z' };
      expect(v1!.toNext(data, stored('OtpAttemptFailed', data))).to.deep.equal(data);
    });

    it('refuses v1 data that does not fit v1', () => {
      expect(failureOf(() => v1!.toNext({ failedAt: RECORDED_AT }, stored('OtpAttemptFailed', {}))))
        .to.be.instanceOf(EventDataError)
        .and.have.property('message')
        .that.contains('customerId');
    });

    it('is what parseEvent applies to a stored v1 event, with or without its version in the metadata', () => {
      const v2 = { type: 'OtpAttemptFailed', data: { customerId: 'c1', failedAt: RECORDED_AT } };
      expect(parseEvent(stored('OtpAttemptFailed', { customerId: 'c1' }))).to.deep.equal(v2);
      expect(parseEvent(stored('OtpAttemptFailed', { customerId: 'c1' }, 1))).to.deep.equal(v2);
    });

    it('reads v2 as written and refuses v2 without failedAt', () => {
      const data = { customerId: 'c1', failedAt: '2026-11-21T08:00:00.000Z' };
      expect(parseEvent(stored('OtpAttemptFailed', data, 2)).data).to.deep.equal(data);
      expect(failureOf(() => parseEvent(stored('OtpAttemptFailed', { customerId: 'c1' }, 2))).message).to.match(/^OtpAttemptFailed: failedAt /);
    });
  });

  describe('BookingPlaced v1 to v2 and BookingCancelled v1 to v2: the cancellation policy and what cancelling cost', () => {
    const placedV1 = {
      bookingID: 'BK-1',
      customerId: 'c1',
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.in',
      customerPhoneNumber: '9812345678',
      hotelId: 'h1',
      ownerId: 'o1',
      hotelName: 'H',
      hotelAddress: 'A',
      hotelCity: 'Pune',
      roomId: 'r1',
      roomType: 'Room',
      roomStandard: 'Deluxe',
      numberOfRooms: 1,
      numberOfGuests: 2,
      numberOfNights: 2,
      dateOfBooking: '2026-11-22',
      dateOfCommencement: '2026-12-30',
      nights: ['2026-12-30', '2026-12-31'],
      units: 1,
      pricePerNight: 4500,
      totalAmount: 9000,
      discountAmount: 1800,
      payableAmount: 7200,
      paymentMethod: 'pay-at-hotel',
    };
    const week = { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 40 } };

    it('gives a booking placed before policies the terms it was made under, with or without its version in the metadata', () => {
      expect(parseEvent(stored('BookingPlaced', placedV1)).data).to.deep.include({ cancellationPolicy: TERMS_BEFORE_POLICIES });
      expect(parseEvent(stored('BookingPlaced', placedV1, 1)).data).to.deep.include({ cancellationPolicy: TERMS_BEFORE_POLICIES });
    });

    it('reads v2 with its policy and refuses v2 without one', () => {
      expect(parseEvent(stored('BookingPlaced', { ...placedV1, cancellationPolicy: week }, 2)).data).to.deep.include({ cancellationPolicy: week });
      expect(failureOf(() => parseEvent(stored('BookingPlaced', placedV1, 2))).message).to.match(/^BookingPlaced: cancellationPolicy /);
    });

    it('reads frozen v1 records without changing them, into data of their own each time', () => {
      const placed = frozen(stored('BookingPlaced', { ...placedV1 }));
      const cancelled = frozen(stored('BookingCancelled', { bookingID: 'BK-1', customerId: 'c1', cancelledAt: RECORDED_AT }));
      for (const record of [placed, cancelled]) {
        const [first, second] = [parseEvent(record).data, parseEvent(record).data];
        expect(second, record.type).to.deep.equal(first);
        expect(second, record.type).to.not.equal(first);
      }
      expect(placed.data).to.not.have.property('cancellationPolicy');
      expect(cancelled.data).to.not.have.property('chargeAmount');
    });

    it('records a cancellation before policies as free with nothing to refund, and reads v2 as written', () => {
      const v1 = { bookingID: 'BK-1', customerId: 'c1', cancelledAt: RECORDED_AT };
      expect(parseEvent(stored('BookingCancelled', v1)).data).to.deep.equal({ ...v1, chargeAmount: 0, refundAmount: 0 });
      expect(parseEvent(stored('BookingCancelled', { ...v1, chargeAmount: 2880, refundAmount: 0 }, 2)).data).to.deep.equal({
        ...v1,
        chargeAmount: 2880,
        refundAmount: 0,
      });
      expect(failureOf(() => parseEvent(stored('BookingCancelled', v1, 2))).message).to.match(/^BookingCancelled: chargeAmount /);
    });
  });
});
