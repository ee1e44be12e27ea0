/**
 * Owners' exports at a time: each reads a stream per booking the hotel ever had, so a
 * process runs two, lets eight wait, and refuses more with 503 and Retry-After. Run through
 * the export handler over an in-memory log whose booking streams answer only when the test
 * lets them.
 */
import { expect } from 'chai';
import { messages, streams } from '@stays/contracts';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { MediaLinks, ServiceUnavailableError } from '@stays/service-kit';
import { handleExportData } from '../../src/accounts/exporting-data/handler.ts';
import { hotelStreamsFromReadSide } from '../../src/accounts/exporting-data/hotel-streams.ts';
import { bookingPlaced, hotelCreated, ownerRegistered, roomAdded } from '../support/events.ts';

/** The store with reads of booking streams held until `open()`. */
function withHeldBookingReads(store: EventStore) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  const gated: EventStore = {
    append: (streamId, events, options) => store.append(streamId, events, options),
    readAll: (options) => store.readAll(options),
    readAt: (positions) => store.readAt(positions),
    headPosition: () => store.headPosition(),
    subscribeToAll: (options, handler) => store.subscribeToAll(options, handler),
    close: () => store.close(),
    readStream: async (streamId, options) => {
      if (streamId.startsWith('booking-')) {
        held++;
        await opened;
      }
      return store.readStream(streamId, options);
    },
  };
  return { store: gated, open, held: () => held };
}

const settled = async (turns = 50) => {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe("owners' exports at a time", () => {
  it('runs two, lets eight wait, refuses the next with 503 and Retry-After, and answers the ten once they can read', async () => {
    const raw = await openInMemoryEventStore();
    await raw.append(streams.account('hotel-owner', 'o1'), [ownerRegistered]);
    await raw.append(streams.ownerHotel('o1'), [{ type: 'KeyReserved', data: { holder: 'h1' } }]);
    await raw.append(streams.hotel('h1'), [hotelCreated]);
    await raw.append(streams.room('r1'), [roomAdded('Room', 'h1')]);
    await raw.append(streams.booking('BK-1'), [bookingPlaced]);
    const { store, open, held } = withHeldBookingReads(raw);
    // the read side as the occupancy read model answers it once it has the log (hotel-streams.unit.test.ts tests the waiting)
    const hotelStreams = hotelStreamsFromReadSide({
      logHead: () => raw.headPosition(),
      waitFor: async () => true,
      roomsAndBookingsOf: async (hotelId) => (hotelId === 'h1' ? { roomIds: ['r1'], bookingIDs: ['BK-1'] } : { roomIds: [], bookingIDs: [] }),
    });
    const deps = { store, now: () => new Date(), mediaLinks: new MediaLinks({ publicUrl: 'https://stays.example.in', apiPrefix: '/api' }), hotelStreams };
    const exportOwner = () => handleExportData(deps, { accountId: 'o1', role: 'hotel-owner', sessionId: 's1' });
    try {
      const exports = Array.from({ length: 10 }, exportOwner);
      await settled();
      expect(held(), 'booking reads started').to.equal(2);

      const refused = await exportOwner().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).to.be.instanceOf(ServiceUnavailableError);
      expect(refused).to.include({ statusCode: 503, message: messages.server.exportBusy, retryAfterSeconds: 5 });

      open();
      for (const copy of await Promise.all(exports)) {
        expect(copy.role === 'hotel-owner' && copy.bookingsAtYourHotel.map((booking) => booking.bookingID)).to.deep.equal(['BK-1']);
      }
      expect(held()).to.equal(10);
    } finally {
      open();
      await raw.close();
    }
  });
});
