/**
 * The streams of a hotel's rooms and bookings for an owner's copy, as the read side names
 * them: asked only once the read side has the log up to its head when the copy was asked
 * for, refused with 503 and Retry-After when it does not get there in time.
 */
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ServiceUnavailableError } from '@stays/service-kit';
import { hotelStreamsFromReadSide, type HotelStreamsReadSide } from '../../src/accounts/exporting-data/hotel-streams.ts';

function readSide(overrides: Partial<HotelStreamsReadSide>, calls: string[]): HotelStreamsReadSide {
  return {
    logHead: async () => 41,
    waitFor: async (position, timeoutMs) => {
      calls.push(`waitFor ${position} within ${timeoutMs} ms`);
      return true;
    },
    roomsAndBookingsOf: async (hotelId) => {
      calls.push(`roomsAndBookingsOf ${hotelId}`);
      return { roomIds: ['r1', 'r2'], bookingIDs: ['BK-1'] };
    },
    ...overrides,
  };
}

describe("a hotel's streams for an owner's copy", () => {
  it('asks the read side for the rooms and bookings once it has the log up to its head, and names their streams', async () => {
    const calls: string[] = [];
    const streams = await hotelStreamsFromReadSide(readSide({}, calls)).streamsOf('h1');
    expect(calls).to.deep.equal(['waitFor 41 within 20000 ms', 'roomsAndBookingsOf h1']);
    expect(streams).to.deep.equal({ rooms: ['room-r1', 'room-r2'], bookings: ['booking-BK-1'] });
  });

  it('does not wait on an empty log', async () => {
    const calls: string[] = [];
    await hotelStreamsFromReadSide(readSide({ logHead: async () => null }, calls)).streamsOf('h1');
    expect(calls).to.deep.equal(['roomsAndBookingsOf h1']);
  });

  it('refuses with 503 and Retry-After when the read side does not reach the head in time, asking nothing of it', async () => {
    const calls: string[] = [];
    const refused = await hotelStreamsFromReadSide(readSide({ waitFor: async () => false }, calls))
      .streamsOf('h1')
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).to.be.instanceOf(ServiceUnavailableError);
    expect(refused).to.include({ statusCode: 503, message: messages.server.exportBusy, retryAfterSeconds: 5 });
    expect(calls).to.deep.equal([]);
  });
});
