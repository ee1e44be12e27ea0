import { expect } from 'chai';
import type { AccountEvent, DomainEvent } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import { Unauthenticated } from '../../src/domain-errors.ts';
import { assembleExport, EXPORT_FORMAT, type OwnerSources } from '../../src/accounts/exporting-data/assemble.ts';
import {
  NOW,
  bookingCancelled,
  bookingPaid,
  bookingPlaced,
  hotelCreated,
  ownerDeleted,
  ownerRegistered,
  roomAdded,
  signedIn,
  signedOut,
} from '../support/events.ts';

/** Events as a stream holds them: positions go on across streams, one a minute after NOW. */
let nextPosition = 1;
function recorded(streamId: string, events: readonly DomainEvent[], actor = 'system'): RecordedEvent[] {
  return events.map((event, revision) => {
    const position = nextPosition++;
    return {
      id: `e${position}`,
      streamId,
      type: event.type,
      revision,
      position,
      data: event.data as unknown as Record<string, unknown>,
      metadata: { schemaVersion: 1, actor },
      recordedAt: new Date(NOW.getTime() + position * 60_000).toISOString(),
    };
  });
}

const mediaLink = (link: string) => `https://stays.example.in/media/${link.split('/').at(-1)}`;
const generatedAt = NOW;

const guestRegistered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    accountId: 'g1',
    role: 'customer',
    name: 'Asha Rao',
    email: 'asha@example.in',
    username: 'asha',
    profileImage: '/media/p1.webp',
    passwordHash: 'secret-hash',
    via: 'password',
  },
};
const guestSignedIn = (sessionId: string): AccountEvent => ({
  type: 'AccountSignedIn',
  data: { accountId: 'g1', role: 'customer', sessionId, method: 'password', expiresAt: '2026-11-23T00:00:00.000Z' },
});
const guestSignedOut = (sessionId: string): AccountEvent => ({ type: 'AccountSignedOut', data: { accountId: 'g1', role: 'customer', sessionId } });
const passwordChanged: AccountEvent = { type: 'AccountPasswordChanged', data: { accountId: 'g1', role: 'customer', passwordHash: 'new-secret-hash' } };

/** A booking of another guest (g2, Meera) at the same hotel. */
const othersBooking: DomainEvent = {
  type: 'BookingPlaced',
  data: {
    ...bookingPlaced.data,
    bookingID: 'BK-2',
    customerId: 'g2',
    customerName: 'Meera Iyer',
    customerEmail: 'meera@example.in',
    customerPhoneNumber: '9900011122',
  },
};

describe("exporting a person's data (the document, assembled)", () => {
  describe('a guest', () => {
    const account = recorded('customer-g1', [guestRegistered, guestSignedIn('s1'), guestSignedOut('s1'), passwordChanged, guestSignedIn('s2')], 'g1');
    const guest = recorded('guest-g1', [{ type: 'GuestBookingHeld', data: { customerId: 'g1', bookingID: 'BK-1', lastNight: '2027-01-01' } }], 'g1');
    const booking = recorded('booking-BK-1', [
      bookingPlaced,
      { type: 'InvoiceIssued', data: { bookingID: 'BK-1', invoicePDF: '/media/Invoice_BK-1.pdf', mediaId: 'Invoice_BK-1.pdf' } },
      bookingPaid,
    ]);
    const document = assembleExport({ role: 'customer', generatedAt, account, guest, bookings: [booking, []], mediaLink });

    it('gives the profile with an absolute photo link, and never a password hash', () => {
      expect(document).to.include({ format: EXPORT_FORMAT, role: 'customer', generatedAt: NOW.toISOString() });
      expect(document.profile).to.deep.equal({
        _id: 'g1',
        role: 'customer',
        name: 'Asha Rao',
        email: 'asha@example.in',
        hasPassword: true,
        username: 'asha',
        profileImage: 'https://stays.example.in/media/p1.webp',
        registeredAt: account[0]!.recordedAt,
        registeredWith: 'password',
      });
      expect(JSON.stringify(document)).to.not.contain('secret-hash').and.not.contain('passwordHash');
    });

    it('lists every sign-in session, closed or open, with when and how it ended', () => {
      expect(document.sessions).to.deep.equal([
        {
          sessionId: 's1',
          method: 'password',
          signedInAt: account[1]!.recordedAt,
          expiresAt: '2026-11-23T00:00:00.000Z',
          endedAt: account[2]!.recordedAt,
          endedBy: 'signed-out',
        },
        { sessionId: 's2', method: 'password', signedInAt: account[4]!.recordedAt, expiresAt: '2026-11-23T00:00:00.000Z', endedAt: null, endedBy: null },
      ]);
    });

    it('gives each booking as it stands (a stream that was never written is left out)', () => {
      expect(document.bookings).to.deep.equal([{ ...bookingPlaced.data, status: 'confirmed', paid: true, invoiceIssued: true }]);
    });

    it('gives the events of the account, guest and booking streams in log order, personal fields included', () => {
      expect(document.events.map((event) => `${event.streamId}:${event.type}`)).to.deep.equal([
        'customer-g1:AccountRegistered',
        'customer-g1:AccountSignedIn',
        'customer-g1:AccountSignedOut',
        'customer-g1:AccountPasswordChanged',
        'customer-g1:AccountSignedIn',
        'guest-g1:GuestBookingHeld',
        'booking-BK-1:BookingPlaced',
        'booking-BK-1:InvoiceIssued',
        'booking-BK-1:BookingPaymentReceived',
      ]);
      expect(document.events[6]!.data).to.deep.equal(bookingPlaced.data);
      expect(document.events[0]!.data).to.not.have.property('passwordHash');
      expect(document.events[3]!.data).to.deep.equal({ accountId: 'g1', role: 'customer' });
      expect(document.events[0]!.metadata).to.deep.equal({ schemaVersion: 1, actor: 'g1' });
    });

    it('refuses an account that is deleted', () => {
      const deleted = recorded('customer-g1', [guestRegistered, { type: 'AccountDeleted', data: { accountId: 'g1', role: 'customer' } }]);
      expect(() => assembleExport({ role: 'customer', generatedAt, account: deleted, guest: [], bookings: [], mediaLink })).to.throw(Unauthenticated);
    });
  });

  describe('an owner', () => {
    const account = recorded('owner-o1', [ownerRegistered, signedIn('s1'), signedOut('s1', 'password-changed')], 'o1');
    const hotel = recorded('hotel-h1', [{ ...hotelCreated, data: { ...hotelCreated.data, imageURLs: ['/media/h1.webp'] } }], 'o1');
    const room = recorded('room-r1', [roomAdded('Room')], 'o1');
    const ownBooking = recorded('booking-BK-1', [bookingPlaced, bookingCancelled], 'g1');
    const othersBookingStream = recorded('booking-BK-2', [othersBooking, bookingPaid], 'g2');
    const sources: OwnerSources = {
      role: 'hotel-owner',
      generatedAt,
      account,
      hotel,
      rooms: [room],
      hotelBookings: [ownBooking, othersBookingStream],
      mediaLink,
    };
    const document = assembleExport(sources);

    it('gives the profile, sessions, hotel (absolute image links) and rooms', () => {
      expect(document.profile).to.include({ _id: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', registeredWith: 'password' });
      expect(document.sessions).to.deep.equal([
        {
          sessionId: 's1',
          method: 'password',
          signedInAt: account[1]!.recordedAt,
          expiresAt: '2026-11-23T00:00:00.000Z',
          endedAt: account[2]!.recordedAt,
          endedBy: 'password-changed',
        },
      ]);
      expect(document.hotel).to.include({ hotelId: 'h1', status: 'listed', hotelName: 'Hotel Sahyadri Residency', phoneNumber: '9822012345' });
      expect(document.hotel!.imageURLs).to.deep.equal(['https://stays.example.in/media/h1.webp']);
      expect(document.rooms).to.have.length(1);
      expect(document.rooms[0]).to.include({ roomId: 'r1', hotelId: 'h1', roomStandard: 'Deluxe', pricePerNight: 4500, totalUnits: 3 });
    });

    it('gives bookings at the hotel as ids, dates and amounts, with nothing that names or reaches a guest', () => {
      expect(document.bookingsAtYourHotel.map((b) => [b.bookingID, b.status, b.paid, b.payableAmount, b.dateOfCommencement])).to.deep.equal([
        ['BK-1', 'cancelled', false, 43_200, '2026-12-30'],
        ['BK-2', 'confirmed', true, 43_200, '2026-12-30'],
      ]);
      const text = JSON.stringify(document);
      for (const personal of ['Asha Rao', 'asha@example.in', '9812345678', 'Meera Iyer', 'meera@example.in', '9900011122', 'g1', 'g2']) {
        expect(text, personal).to.not.contain(personal);
      }
    });

    it('gives the events of the account, hotel and room streams only, never a password hash', () => {
      expect(document.events.map((event) => `${event.streamId}:${event.type}`)).to.deep.equal([
        'owner-o1:AccountRegistered',
        'owner-o1:AccountSignedIn',
        'owner-o1:AccountSignedOut',
        'hotel-h1:HotelCreated',
        'room-r1:RoomAdded',
      ]);
      expect(JSON.stringify(document)).to.not.contain('passwordHash');
    });

    it('gives no hotel, rooms or bookings to an owner without a hotel', () => {
      const bare = assembleExport({ ...sources, hotel: [], rooms: [], hotelBookings: [] });
      expect(bare).to.include({ hotel: null });
      expect(bare.rooms).to.deep.equal([]);
      expect(bare.bookingsAtYourHotel).to.deep.equal([]);
    });

    it('refuses an account that is deleted', () => {
      const deleted = recorded('owner-o1', [ownerRegistered, ownerDeleted]);
      expect(() => assembleExport({ ...sources, account: deleted })).to.throw(Unauthenticated);
    });
  });
});
