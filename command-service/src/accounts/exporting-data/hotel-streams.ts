/**
 * Which streams belong to a hotel: its rooms (a room stream starts with RoomAdded naming
 * the hotel) and the bookings at it (a booking stream starts with BookingPlaced naming it).
 * An owner's copy of their data needs those streams, and nothing the owner's own streams
 * hold names them, so the read side answers (the occupancy read model keeps every room
 * and booking of a hotel), once it has reached the log's head as of the export's start:
 * the copy then holds every room and booking written before it was asked for.
 */
import { messages, streams } from '@stays/contracts';
import { ServiceUnavailableError } from '@stays/service-kit';

export interface HotelStreams {
  readonly rooms: readonly string[];
  readonly bookings: readonly string[];
}

export interface HotelStreamsLookup {
  /** The hotel's room and booking streams, as of the log's head when the call began (or later). */
  streamsOf(hotelId: string): Promise<HotelStreams>;
}

export interface HotelStreamsReadSide {
  /** The log's head position (null: empty). */
  logHead(): Promise<number | null>;
  /** True once the read models have handled the log up to `position`; false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  roomsAndBookingsOf(hotelId: string): Promise<{ readonly roomIds: readonly string[]; readonly bookingIDs: readonly string[] }>;
}

/** How long an export waits for the read side to reach the head before it is refused (503): it lags that much only when something is wrong. */
const CATCH_UP_TIMEOUT_MS = 20_000;
const RETRY_AFTER_SECONDS = 5;

export function hotelStreamsFromReadSide(readSide: HotelStreamsReadSide): HotelStreamsLookup {
  return {
    async streamsOf(hotelId) {
      const head = await readSide.logHead();
      if (head !== null && !(await readSide.waitFor(head, CATCH_UP_TIMEOUT_MS))) {
        throw new ServiceUnavailableError(messages.server.exportBusy, RETRY_AFTER_SECONDS);
      }
      const { roomIds, bookingIDs } = await readSide.roomsAndBookingsOf(hotelId);
      return { rooms: roomIds.map((roomId) => streams.room(roomId)), bookings: bookingIDs.map((bookingID) => streams.booking(bookingID)) };
    },
  };
}
