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
import { guestEventTypes, messages, parseEvent, streams, indiaToday, routes } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import { type AccountClaims, type MediaLinks, accountAuthOf, type RouteHandler } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
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

/**
 * GET /user/export and /hotel/owner/export: the caller's copy of their data, as a JSON
 * file to save (not the answer envelope: the file is the person's, to keep or hand to
 * another service). Never cached anywhere on the way.
 */
export const mountExportingData: CommandRoute = ({ deps, mount }) => {
  const exportDeps = { store: deps.eventStore, now: deps.now, mediaLinks: deps.mediaLinks, hotelStreams: deps.hotelStreams };
  const exportData: RouteHandler<typeof routes.customerExport | typeof routes.ownerExport> = async (ctx) => {
    const document = await handleExportData(exportDeps, accountAuthOf(ctx));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Content-Disposition', `attachment; filename="stays-my-data-${indiaToday(new Date(document.generatedAt))}.json"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = JSON.stringify(document, null, 2);
  };
  mount(routes.customerExport, exportData);
  mount(routes.ownerExport, exportData);
};
