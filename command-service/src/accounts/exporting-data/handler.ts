/**
 * Exporting the caller's data: reads their streams through the store (personal fields
 * come back decrypted) and assembles the copy.
 *
 * A guest's streams are all named from their id: the account, `guest-{id}`, and each
 * booking the guest stream holds. An owner's rooms and the bookings at their hotel are
 * not named from anything the owner's streams hold: their names come from the hotel
 * streams index, up to the log's head when the export began, and only those streams are
 * read. At most a few owner exports run at a time per process (more are refused with
 * 503), since one reads a stream per booking the hotel ever had.
 */
import { guestEventTypes, messages, parseEvent, streams } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import type { AccountClaims, MediaLinks } from '@stays/service-kit';
import type { StoreDeps } from '../../command-context.ts';
import { createBoundedWork } from '../../bounded-work.ts';
import { hotelIdOfOwner } from '../../hotels/hotel-streams.ts';
import { accountStream } from '../account-streams.ts';
import { assembleExport, type PersonalDataExport } from './assemble.ts';
import type { HotelStreamsLookup } from './hotel-streams.ts';

export interface ExportDeps extends StoreDeps {
  readonly mediaLinks: MediaLinks;
  readonly hotelStreams: HotelStreamsLookup;
}

const ownerExports = createBoundedWork({ concurrency: 2, maxWaiting: 8, busyMessage: messages.server.exportBusy, retryAfterSeconds: 5 });

export async function handleExportData(deps: ExportDeps, claims: AccountClaims): Promise<PersonalDataExport> {
  const mediaLink = (recorded: string) => deps.mediaLinks.absolute(recorded);
  const account = await deps.store.readStream(accountStream(claims.role, claims.accountId));
  if (claims.role === 'customer') {
    const guest = await deps.store.readStream(streams.guest(claims.accountId));
    const bookingIDs = new Set(
      guest.map((recorded) => parseEvent(recorded, guestEventTypes)).flatMap((event) => (event.type === 'GuestBookingHeld' ? [event.data.bookingID] : [])),
    );
    const bookings = await Promise.all([...bookingIDs].map((bookingID) => deps.store.readStream(streams.booking(bookingID))));
    return assembleExport({ role: 'customer', generatedAt: deps.now(), account, guest, bookings, mediaLink });
  }
  const hotelId = await hotelIdOfOwner(deps.store, claims.accountId);
  const hotel = hotelId === null ? [] : await deps.store.readStream(streams.hotel(hotelId));
  const { rooms, bookings } = hotelId === null ? { rooms: [], bookings: [] } : await ownerExports.run(() => streamsOfHotel(deps, hotelId));
  return assembleExport({ role: 'hotel-owner', generatedAt: deps.now(), account, hotel, rooms, hotelBookings: bookings, mediaLink });
}

/** The hotel's room streams and the streams of bookings at it. */
async function streamsOfHotel(deps: ExportDeps, hotelId: string): Promise<{ rooms: RecordedEvent[][]; bookings: RecordedEvent[][] }> {
  const names = await deps.hotelStreams.streamsOf(hotelId);
  const [rooms, bookings] = await Promise.all(
    [names.rooms, names.bookings].map((streamIds) => Promise.all(streamIds.map((streamId) => deps.store.readStream(streamId)))),
  );
  return { rooms: rooms!, bookings: bookings! };
}
