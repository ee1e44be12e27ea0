/**
 * Exporting the caller's data: reads their streams through the store (personal fields
 * come back decrypted) and assembles the copy.
 *
 * A guest's streams are all named from their id: the account, `guest-{id}`, and each
 * booking the guest stream holds. An owner's rooms and the bookings at their hotel are
 * not named from anything the owner's streams hold, so the owner's copy reads the log
 * once, up to its head when the export began; at most a few of those reads run at a time
 * per process (more are refused with 503), since each is as long as the log.
 */
import { guestEventTypes, messages, parseEvent, streams } from '@stays/contracts';
import type { EventStore, RecordedEvent } from '@stays/event-store';
import type { AccountClaims, MediaLinks } from '@stays/service-kit';
import type { StoreDeps } from '../../command-context.ts';
import { createBoundedWork } from '../../bounded-work.ts';
import { hotelIdOfOwner } from '../../hotels/hotel-streams.ts';
import { accountStream } from '../account-streams.ts';
import { assembleExport, type PersonalDataExport } from './assemble.ts';

export interface ExportDeps extends StoreDeps {
  readonly mediaLinks: MediaLinks;
}

/** Events per read while going through the log for an owner's rooms and bookings. */
const LOG_PAGE = 2000;

const logReads = createBoundedWork({ concurrency: 2, maxWaiting: 8, busyMessage: messages.server.exportBusy, retryAfterSeconds: 5 });

export async function handleExportData(deps: ExportDeps, claims: AccountClaims): Promise<PersonalDataExport> {
  const mediaLink = (recorded: string) => deps.mediaLinks.absolute(recorded);
  const account = await deps.store.readStream(accountStream(claims.role, claims.accountId));
  if (claims.role === 'customer') {
    const guest = await deps.store.readStream(streams.guest(claims.accountId));
    const bookingIDs = new Set(guest.map((recorded) => parseEvent(recorded, guestEventTypes))
      .flatMap((event) => (event.type === 'GuestBookingHeld' ? [event.data.bookingID] : [])));
    const bookings = await Promise.all([...bookingIDs].map((bookingID) => deps.store.readStream(streams.booking(bookingID))));
    return assembleExport({ role: 'customer', generatedAt: deps.now(), account, guest, bookings, mediaLink });
  }
  const hotelId = await hotelIdOfOwner(deps.store, claims.accountId);
  const hotel = hotelId === null ? [] : await deps.store.readStream(streams.hotel(hotelId));
  const { rooms, bookings } = hotelId === null ? { rooms: [], bookings: [] } : await logReads.run(() => streamsOfHotel(deps.store, hotelId));
  return assembleExport({ role: 'hotel-owner', generatedAt: deps.now(), account, hotel, rooms, hotelBookings: bookings, mediaLink });
}

/**
 * The hotel's room streams and the streams of bookings at it, gathered in one pass over
 * the log: a room stream starts with RoomAdded and a booking stream with BookingPlaced,
 * each naming the hotel, so the rest of such a stream is recognised by its name.
 */
async function streamsOfHotel(store: EventStore, hotelId: string): Promise<{ rooms: RecordedEvent[][]; bookings: RecordedEvent[][] }> {
  const rooms = new Map<string, RecordedEvent[]>();
  const bookings = new Map<string, RecordedEvent[]>();
  const head = await store.headPosition();
  let after: number | undefined;
  while (head !== null && (after === undefined || after < head)) {
    const page = await store.readAll({ ...(after !== undefined && { after }), maxCount: LOG_PAGE });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.position > head) break;
      if (event.type === 'RoomAdded' && event.data.hotelId === hotelId) rooms.set(event.streamId, []);
      if (event.type === 'BookingPlaced' && event.data.hotelId === hotelId) bookings.set(event.streamId, []);
      (rooms.get(event.streamId) ?? bookings.get(event.streamId))?.push(event);
    }
    after = page[page.length - 1]!.position;
  }
  return { rooms: [...rooms.values()], bookings: [...bookings.values()] };
}
