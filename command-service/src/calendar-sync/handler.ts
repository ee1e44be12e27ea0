/**
 * Calendar sync's use cases: the owner's commands on a listing's sync (add and remove a feed,
 * make a new export link), the export feed behind its secret link, and one fetch of a feed
 * turned into events (what the calendar-import reactor runs on its schedule).
 */
import { randomBytes } from 'node:crypto';
import { addDays, closureLimits, indiaToday, streams, type CalendarFeedSynced, calendarSyncMessages, routes } from '@stays/contracts';
import { type CalendarFeedLinks, NotFoundError, authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../command-context.ts';
import { handle, load, type CommandMetadata, type Positioned } from '../handle.ts';
import { loadHotel } from '../hotels/hotel-streams.ts';
import { loadRoom } from '../rooms/listings.ts';
import { inventoryAggregate } from '../booking/inventory.ts';
import { calendarSyncAggregate } from './calendar-sync.ts';
import { addFeed, recordSync, removeFeed, renewExport, type ListingStates } from './decide.ts';
import { exportFeed } from './export-feed.ts';
import { feedBlocks, type FeedBlock } from './feed-blocks.ts';
import { fetchFeed, FeedFetchProblem, type FeedValidators, type FetchFeedOptions } from './fetch-feed.ts';
import { decideImport } from './import-decision.ts';

const newFeedId = () => `CF-${randomBytes(8).toString('hex').toUpperCase()}`;
const newClosureId = () => `CL-${randomBytes(8).toString('hex').toUpperCase()}`;

async function listingOf(deps: StoreDeps, hotelId: string, roomId: string): Promise<ListingStates> {
  const [hotel, room] = await Promise.all([loadHotel(deps.store, hotelId), loadRoom(deps.store, roomId)]);
  return { hotel, room };
}

type OwnerCommand = { readonly ownerId: string; readonly hotelId: string; readonly roomId: string };

async function onSync<T>(deps: StoreDeps, command: OwnerCommand, decide: typeof renewExport, value: T): Promise<Positioned<T>> {
  const listing = await listingOf(deps, command.hotelId, command.roomId);
  const { position } = await handle(deps.store, streams.calendarSync(command.roomId), calendarSyncAggregate, (sync) => decide(command, listing, sync), {
    actor: command.ownerId,
  });
  return { value, position };
}

export async function handleAddFeed(deps: StoreDeps, command: OwnerCommand & { readonly url: string }): Promise<Positioned<{ feedID: string }>> {
  const feedId = newFeedId();
  return onSync(deps, command, (_, listing, sync) => addFeed({ ...command, feedId }, listing, sync), { feedID: feedId });
}

export const handleRemoveFeed = (deps: StoreDeps, command: OwnerCommand & { readonly feedId: string }): Promise<Positioned<{ feedID: string }>> =>
  onSync(deps, command, (_, listing, sync) => removeFeed(command, listing, sync), { feedID: command.feedId });

export async function handleRenewExport(deps: StoreDeps, links: CalendarFeedLinks, command: OwnerCommand): Promise<Positioned<{ calendarFeedURL: string }>> {
  const listing = await listingOf(deps, command.hotelId, command.roomId);
  const { state, position } = await handle(
    deps.store,
    streams.calendarSync(command.roomId),
    calendarSyncAggregate,
    (sync) => renewExport(command, listing, sync),
    {
      actor: command.ownerId,
    },
  );
  return { value: { calendarFeedURL: links.urlOf(command.roomId, state.exportVersion) }, position };
}

/** The export feed's text, or null when `feedFile` is not the listing's current secret link (or the listing is unknown). */
export async function exportFeedOf(deps: StoreDeps, links: CalendarFeedLinks, roomId: string, feedFile: string): Promise<string | null> {
  const [room, sync] = await Promise.all([loadRoom(deps.store, roomId), load(deps.store, streams.calendarSync(roomId), calendarSyncAggregate)]);
  const listed = room.status === 'listed';
  if (!links.matches(roomId, listed ? sync.state.exportVersion : null, feedFile)) return null;
  const { state } = await load(deps.store, streams.inventory(roomId), inventoryAggregate);
  const now = deps.now();
  return exportFeed(state, roomId, addDays(indiaToday(now), -1), now);
}

/** A feed the reactor fetches, with what its last fetch answered. */
export interface FeedToSync {
  readonly feedId: string;
  readonly roomId: string;
  readonly hotelId: string;
  readonly url: string;
  readonly validators: FeedValidators;
}

const SYSTEM = { actor: 'system:calendar-import' } satisfies CommandMetadata;

/**
 * Fetches a feed and brings the listing's inventory in line with it (or, with `blocks`
 * given, with those: none for a feed removed), then records the fetch. A failed fetch or an
 * unreadable feed changes no night. Returns the validators to send next time (none while a
 * block conflicts).
 */
export async function syncFeed(deps: StoreDeps, feed: FeedToSync, fetchOptions: FetchFeedOptions, blocks?: readonly FeedBlock[]): Promise<FeedValidators> {
  const at = deps.now().toISOString();
  let validators = feed.validators;
  let outcome: Omit<CalendarFeedSynced['data'], 'feedId' | 'roomId' | 'at'>;
  try {
    let read = blocks;
    if (read === undefined) {
      const fetched = await fetchFeed(feed.url, feed.validators, fetchOptions);
      if (fetched.kind === 'fetched') {
        read = feedBlocks(fetched.text);
        validators = {
          ...(fetched.etag !== undefined && { etag: fetched.etag }),
          ...(fetched.lastModified !== undefined && { lastModified: fetched.lastModified }),
        };
      }
    }
    if (read === undefined) outcome = { result: 'not-modified', closed: 0, reopened: 0, conflicts: [] };
    else outcome = { result: 'ok', ...(await applyBlocks(deps, feed, read)) };
  } catch (error) {
    if (!(error instanceof FeedFetchProblem)) throw error;
    outcome = { result: 'error', error: error.message, closed: 0, reopened: 0, conflicts: [] };
  }
  // a 304 keeps the conflicts last recorded: nothing changed on the other site
  const data = { feedId: feed.feedId, roomId: feed.roomId, at, ...outcome };
  let conflicted = outcome.conflicts.length > 0;
  await handle(
    deps.store,
    streams.calendarSync(feed.roomId),
    calendarSyncAggregate,
    (sync) => {
      const last = sync.feeds.get(feed.feedId)?.lastRecorded;
      const recorded = outcome.result === 'not-modified' && last ? { ...data, conflicts: last.conflicts } : data;
      conflicted = recorded.conflicts.length > 0;
      return recordSync(recorded, sync);
    },
    SYSTEM,
  );
  // while a block conflicts, the next fetch is a full one: a unit freed here meanwhile (a
  // cancellation) must let it close, and a 304 would leave nothing to decide on
  return conflicted ? {} : validators;
}

async function applyBlocks(deps: StoreDeps, feed: FeedToSync, blocks: readonly FeedBlock[]) {
  const room = await loadRoom(deps.store, feed.roomId);
  const totalUnits = room.status === 'listed' ? room.details.totalUnits : 0;
  const today = indiaToday(deps.now());
  const window = { first: today, last: addDays(today, closureLimits.horizonDays) };
  let decision = { conflicts: [], closed: 0, reopened: 0 } as Omit<ReturnType<typeof decideImport>, 'events'>;
  await handle(
    deps.store,
    streams.inventory(feed.roomId),
    inventoryAggregate,
    (inventory) => {
      const { events, ...rest } = decideImport({ ...feed, blocks, totalUnits, window, newClosureId }, inventory);
      decision = rest;
      return events;
    },
    SYSTEM,
  );
  return decision;
}

/**
 * The owner's calendar sync commands (POST hotel/room/calendar/feeds/add|remove/{hotelID} and
 * hotel/room/calendar/export/renew/{hotelID}) and the public export feed behind its secret link
 * (GET {api_prefix}/calendar/{roomId}/{token}.ics), beyond the spec.
 */
export const mountCalendarSync: CommandRoute = ({ deps, mount, committed }) => {
  const links = () => {
    if (deps.calendarFeedLinks === undefined) throw new NotFoundError();
    return deps.calendarFeedLinks;
  };
  mount(routes.addCalendarFeed, async (ctx) => {
    const { roomID, url } = ctx.input.body;
    const { value, position } = await handleAddFeed(deps.hotels, { ownerId: authOf(ctx).accountId, hotelId: ctx.input.params.hotelID, roomId: roomID, url });
    await committed(ctx, position);
    respond(ctx, 201, calendarSyncMessages.feedAdded, value);
  });
  mount(routes.removeCalendarFeed, async (ctx) => {
    const { roomID, feedID } = ctx.input.body;
    const { value, position } = await handleRemoveFeed(deps.hotels, {
      ownerId: authOf(ctx).accountId,
      hotelId: ctx.input.params.hotelID,
      roomId: roomID,
      feedId: feedID,
    });
    await committed(ctx, position);
    respond(ctx, 200, calendarSyncMessages.feedRemoved, value);
  });
  mount(routes.renewCalendarExport, async (ctx) => {
    const { value, position } = await handleRenewExport(deps.hotels, links(), {
      ownerId: authOf(ctx).accountId,
      hotelId: ctx.input.params.hotelID,
      roomId: ctx.input.body.roomID,
    });
    await committed(ctx, position);
    respond(ctx, 200, calendarSyncMessages.exportRenewed, value);
  });
  mount(routes.calendarExportFeed, async (ctx) => {
    const { roomID, feedFile } = ctx.input.params;
    const feed = await exportFeedOf(deps.hotels, links(), roomID, feedFile);
    if (feed === null) throw new NotFoundError();
    ctx.status = 200;
    ctx.type = 'text/calendar; charset=utf-8';
    // sites poll it: a few minutes' staleness is fine, and a private link is kept by no shared cache
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.set('Content-Disposition', 'inline; filename="calendar.ics"');
    ctx.body = feed;
  });
};
