/**
 * Calendar sync of a listing with other booking sites (stream `calendarsync-{roomId}`): the
 * version of its secret export link, the other sites' feeds its owner added, and what each
 * fetch of a feed found. The nights a feed blocks are not here: they are NightsClosed and
 * NightsReopened on the listing's inventory, with a `calendar` source.
 */
import { z } from 'zod';
import type { EventOf } from './define.ts';

const conflict = z.object({
  uid: z.string().describe("The other site's event UID."),
  from: z.string().describe('The first night the block asks for.'),
  to: z.string().describe('The last night the block asks for.'),
  nights: z.array(z.string()).describe('Nights the block asks for that have no unit free here (booked by guests here), YYYY-MM-DD.'),
});

export const calendarSyncEventSchemas = {
  CalendarExportRenewed: z.object({
    roomId: z.string(),
    hotelId: z.string(),
    version: z.number().describe('The export link is a keyed hash of the listing and this version: a new version, a new link, and the old one answers 404.'),
  }),
  CalendarFeedAdded: z.object({
    feedId: z.string(),
    roomId: z.string(),
    hotelId: z.string(),
    url: z.string().describe("The other site's export URL (http or https), as the owner gave it."),
  }),
  CalendarFeedRemoved: z.object({
    feedId: z.string(),
    roomId: z.string(),
  }),
  CalendarFeedSynced: z.object({
    feedId: z.string(),
    roomId: z.string(),
    at: z.string().describe('When the feed was fetched (ISO time).'),
    result: z.enum(['ok', 'not-modified', 'error']),
    error: z.string().optional().describe('Why the fetch or the feed failed (nothing was changed then).'),
    closed: z.number().describe('Nights newly closed by this fetch.'),
    reopened: z.number().describe('Nights given back by this fetch (events removed or shortened).'),
    conflicts: z.array(conflict).describe("The feed's blocks that collide with bookings made here: left open on those nights, never cancelling the booking."),
  }),
};

export type CalendarExportRenewed = EventOf<'CalendarExportRenewed', typeof calendarSyncEventSchemas.CalendarExportRenewed>;
export type CalendarFeedAdded = EventOf<'CalendarFeedAdded', typeof calendarSyncEventSchemas.CalendarFeedAdded>;
export type CalendarFeedRemoved = EventOf<'CalendarFeedRemoved', typeof calendarSyncEventSchemas.CalendarFeedRemoved>;
export type CalendarFeedSynced = EventOf<'CalendarFeedSynced', typeof calendarSyncEventSchemas.CalendarFeedSynced>;
export type CalendarConflict = CalendarFeedSynced['data']['conflicts'][number];

export type CalendarSyncEvent = CalendarExportRenewed | CalendarFeedAdded | CalendarFeedRemoved | CalendarFeedSynced;
