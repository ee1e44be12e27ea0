/**
 * The owner's decisions on a listing's calendar sync (adding and removing other sites'
 * feeds, making a new export link) and what a fetch of a feed leaves in the log.
 */
import { calendarSyncLimits, calendarSyncMessages, messages, type CalendarConflict, type CalendarFeedSynced, type CalendarSyncEvent } from '@stays/contracts';
import { Conflict, NotFound } from '../domain-errors.ts';
import { ownedHotel, type HotelState } from '../hotels/hotel.ts';
import type { RoomState } from '../rooms/room.ts';
import type { CalendarSyncState } from './calendar-sync.ts';

export interface ListingStates {
  readonly hotel: HotelState;
  readonly room: RoomState;
}

interface OwnersListing {
  readonly ownerId: string;
  readonly hotelId: string;
  readonly roomId: string;
}

/** The hotel's owner, a listing of that hotel; or a refusal. */
function checkOwnedListing(command: OwnersListing, { hotel, room }: ListingStates): void {
  ownedHotel(hotel, command.ownerId);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a room that is not listed has no hotel or room id, so the other two tests refuse it too
  if (room.status !== 'listed' || room.hotelId !== command.hotelId || room.roomId !== command.roomId) throw new NotFound(messages.server.roomNotFound);
}

export function addFeed(
  command: OwnersListing & { readonly feedId: string; readonly url: string },
  listing: ListingStates,
  sync: CalendarSyncState,
): CalendarSyncEvent[] {
  checkOwnedListing(command, listing);
  if ([...sync.feeds.values()].some((feed) => feed.url === command.url)) throw new Conflict(calendarSyncMessages.feedAlreadyAdded);
  if (sync.feeds.size >= calendarSyncLimits.maxFeeds) throw new Conflict(calendarSyncMessages.tooManyFeeds(calendarSyncLimits.maxFeeds));
  const { feedId, roomId, hotelId, url } = command;
  return [{ type: 'CalendarFeedAdded', data: { feedId, roomId, hotelId, url } }];
}

export function removeFeed(command: OwnersListing & { readonly feedId: string }, listing: ListingStates, sync: CalendarSyncState): CalendarSyncEvent[] {
  checkOwnedListing(command, listing);
  if (!sync.feeds.has(command.feedId)) throw new NotFound(calendarSyncMessages.feedNotFound);
  return [{ type: 'CalendarFeedRemoved', data: { feedId: command.feedId, roomId: command.roomId } }];
}

/** A new version of the export link: the link made from the old one stops working. */
export function renewExport(command: OwnersListing, listing: ListingStates, sync: CalendarSyncState): CalendarSyncEvent[] {
  checkOwnedListing(command, listing);
  return [{ type: 'CalendarExportRenewed', data: { roomId: command.roomId, hotelId: command.hotelId, version: sync.exportVersion + 1 } }];
}

/** An unchanged fetch result is recorded again after this long, so the owner sees the feed is still read. */
export const UNCHANGED_SYNC_RECORDED_EVERY_MS = 60 * 60_000;

const sameConflicts = (a: readonly CalendarConflict[], b: readonly CalendarConflict[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a fetch of a feed leaves in the log: CalendarFeedSynced when it changed nights, or its
 * result, error or conflicts differ from the last one recorded, or that one is an hour old;
 * nothing otherwise (a feed fetched every 15 minutes would otherwise add 96 events a day that
 * say nothing new). Nothing for a feed removed meanwhile.
 */
export function recordSync(outcome: CalendarFeedSynced['data'], sync: CalendarSyncState): CalendarSyncEvent[] {
  const feed = sync.feeds.get(outcome.feedId);
  if (feed === undefined) return [];
  const last = feed.lastRecorded;
  const unchanged =
    last !== null &&
    outcome.closed + outcome.reopened === 0 &&
    // a 304 after an ok fetch with nothing to do says the same thing
    (last.result === outcome.result || (last.result !== 'error' && outcome.result !== 'error')) &&
    last.error === outcome.error &&
    sameConflicts(last.conflicts, outcome.conflicts) &&
    Date.parse(outcome.at) - Date.parse(last.at) < UNCHANGED_SYNC_RECORDED_EVERY_MS;
  return unchanged ? [] : [{ type: 'CalendarFeedSynced', data: outcome }];
}
