/** Hotel and room reads (spec section 7): public, except an owner's own room details. */
import {
  calendarSyncMessages,
  closureLimits,
  closureMessages,
  indiaToday,
  latestCommencement,
  messages,
  routes,
  stayStartProblem,
  type Pagination,
} from '@stays/contracts';
import type { Context } from 'koa';
import { ForbiddenError, NotFoundError, ValidationError, authOf, respond, respondWithEncodedJson, successJson } from '@stays/service-kit';
import { availabilityReadModel, hotelsReadModel, searchTermOf, type BookableHotels, type HotelSearch } from '@stays/projections/read-models';
import { stampAt } from '@stays/projections';
import type { QueryContext } from '../query-context.ts';
import { ResponseCache } from './response-cache.ts';
import { TermMatches } from './term-matches.ts';
import { ComputationTurns } from './computation-turns.ts';
import { RememberedListings } from './remembered-listings.ts';

export function mountHotelRoutes({ deps, readModels, mount }: QueryContext): void {
  const { hotels } = readModels;
  /** Image links are answered absolute, on the configured public address. */
  const answered = <T extends { imageURLs?: readonly string[] }>(listing: T): T => ({
    ...listing,
    imageURLs: deps.mediaLinks.absoluteAll(listing.imageURLs ?? []),
  });

  const termMatches = new TermMatches();
  const listings = new RememberedListings();
  const turns = new ComputationTurns();
  /** The hotels holding the search's term as the hotels read model is now (remembered), or undefined when it has none. */
  async function withTerm(query: HotelSearch): Promise<ReadonlySet<string> | undefined> {
    const term = searchTermOf(query);
    if (term === undefined) return undefined;
    return termMatches.get(term, await deps.readSide.changedAt(hotelsReadModel.name), (read) => hotels.hotelsWithTerm(read));
  }

  /**
   * A page of a search; with a stay, only hotels bookable for it, each saying what of it is.
   * Computed in turns of the event loop, a stage a turn (docs/decisions/0051).
   */
  async function searchPage(query: HotelSearch): Promise<string> {
    const turn = turns.begin();
    await turn();
    const termHotels = await withTerm(query);
    let forStay: BookableHotels | undefined;
    if (query.stay !== undefined) {
      await turn();
      const among = await hotels.hotelIdsMatching(query, termHotels);
      await turn();
      const { availability } = readModels;
      const listedAt = await availabilityStampAt(await availability.listingsChangedAt());
      const listed = await listings.get(listedAt, () => availability.listedListings());
      await turn();
      forStay = await availability.bookableHotels(query.stay, query, among, listed);
    }
    await turn();
    const { total, hotels: page } = await hotels.searchHotels(query, forStay?.hotelIds, termHotels);
    const pagination: Pagination = { total, page: query.page, limit: query.limit };
    const cards = page.map((hotel) => ({ ...answered(hotel), ...(forStay && { availability: forStay.availabilityOf(hotel._id) }) }));
    return successJson(200, messages.server.hotelsFound, cards, { pagination });
  }

  /** A position the availability model's documents hold (per night, per listing), stamped with the version they belong to. */
  const availabilityStampAt = async (changedAt: number | undefined) => stampAt(await deps.readSide.changedAt(availabilityReadModel.name), changedAt);

  /**
   * A search's cache key: its validated query and, for a stay, the availability model's
   * version and the position at which the availability of its nights or any listing last
   * changed (a booking changes what a stay over its nights finds without changing a hotel;
   * stays over other nights keep their answers).
   */
  async function searchKey(kind: string, query: HotelSearch): Promise<string> {
    if (query.stay === undefined) return `${kind}|${JSON.stringify(query)}`;
    const startProblem = stayStartProblem(query.stay.checkIn, new Date());
    if (startProblem !== null) throw new ValidationError('checkIn', startProblem);
    const nights = await readModels.availability.stayChangedAt(query.stay);
    // a version of the model built before it kept change positions per night has none: the model's own stamp then
    const changed = nights === undefined ? await deps.readSide.changedAt(availabilityReadModel.name) : await availabilityStampAt(nights);
    return `${kind}|stay@${changed ?? 'start'}|${JSON.stringify(query)}`;
  }

  const cache = new ResponseCache();
  /**
   * Answers from the cache, keyed by the validated query (so parameter order, unknown
   * parameters or cache-busting extras cannot multiply the entries) and the position the hotels
   * read model last changed at. A refused query throws before the cache is asked. Cached
   * answers are shared by every caller, so they carry only public data: public media links
   * on the configured address, never a signed link or anything from the request's headers.
   */
  const cached = async (ctx: Context, key: string, compute: () => Promise<string>) =>
    respondWithEncodedJson(ctx, 200, await cache.get(key, await deps.readSide.changedAt(hotelsReadModel.name), compute));

  mount(routes.allHotels, async (ctx) => {
    await cached(ctx, 'all', async () => successJson(200, messages.server.hotelsFound, (await hotels.allHotels()).map(answered)));
  });

  mount(routes.hotel, async (ctx) => {
    const hotel = await hotels.hotel(ctx.input.params.hotelID);
    if (hotel === null) throw new NotFoundError(messages.server.hotelNotFound);
    respond(ctx, 200, messages.server.hotelFound, answered(hotel));
  });

  mount(routes.searchHotels, async (ctx) => {
    const { query } = ctx.input;
    await cached(ctx, await searchKey('hotels', query), () => searchPage(query));
  });

  mount(routes.searchRooms, async (ctx) => {
    const { query } = ctx.input;
    await cached(ctx, await searchKey('rooms', query), () => searchPage(query));
  });

  mount(routes.hotelRooms, async (ctx) => {
    const hotelId = ctx.input.params.hotelID;
    if (!(await hotels.hotelExists(hotelId))) throw new NotFoundError(messages.server.hotelNotFound);
    respond(ctx, 200, messages.server.roomsFound, (await hotels.roomsOfHotel(hotelId)).map(answered));
  });

  mount(routes.roomAvailability, async (ctx) => {
    const stay = ctx.input.query;
    const now = new Date();
    const startProblem = stayStartProblem(stay.checkIn, now);
    if (startProblem !== null) throw new ValidationError('checkIn', startProblem);
    const listings = await readModels.availability.ofHotel(ctx.input.params.hotelID, stay, latestCommencement(now));
    if (listings === null) throw new NotFoundError(messages.server.hotelNotFound);
    ctx.set('Cache-Control', 'no-store');
    respond(ctx, 200, messages.server.availabilityFound, listings);
  });

  mount(routes.ownerRoom, async (ctx) => {
    const { hotelID, roomID } = ctx.input.params;
    const ownerId = await hotels.ownerOfHotel(hotelID);
    if (ownerId === null) throw new NotFoundError(messages.server.hotelNotFound);
    if (ownerId !== authOf(ctx).accountId) throw new ForbiddenError(messages.server.notYourHotel);
    const room = await hotels.roomOfHotel(hotelID, roomID);
    if (room === null) throw new NotFoundError(messages.server.roomNotFound);
    // the secret link to the listing's calendar feed: in the owner's view only, never cached
    const calendarFeedURL = await feedUrlOf(roomID);
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.roomFound, { ...answered(room), ...(calendarFeedURL !== null && { calendarFeedURL }) });
  });

  const feedUrlOf = async (roomID: string) =>
    deps.calendarFeedLinks === undefined ? null : deps.calendarFeedLinks.urlOf(roomID, await readModels.calendarSync.exportVersionOf(roomID));

  // the listing's calendar sync: its export link and the other sites' feeds it reads
  mount(routes.calendarSync, async (ctx) => {
    const { hotelID, roomID } = ctx.input.params;
    const ownerId = await hotels.ownerOfHotel(hotelID);
    if (ownerId === null) throw new NotFoundError(messages.server.hotelNotFound);
    if (ownerId !== authOf(ctx).accountId) throw new ForbiddenError(messages.server.notYourHotel);
    if ((await hotels.roomOfHotel(hotelID, roomID)) === null) throw new NotFoundError(messages.server.roomNotFound);
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, calendarSyncMessages.syncFound, {
      roomID,
      calendarFeedURL: (await feedUrlOf(roomID)) ?? '',
      feeds: await readModels.calendarSync.feedsOf(roomID),
    });
  });

  // the owner's calendar of a listing: today (India) and every night a closure may reach
  mount(routes.roomCalendar, async (ctx) => {
    const { hotelID, roomID } = ctx.input.params;
    const ownerId = await hotels.ownerOfHotel(hotelID);
    if (ownerId === null) throw new NotFoundError(messages.server.hotelNotFound);
    if (ownerId !== authOf(ctx).accountId) throw new ForbiddenError(messages.server.notYourHotel);
    const calendar = await readModels.availability.calendar(hotelID, roomID, indiaToday(new Date()), closureLimits.horizonDays + 1);
    if (calendar === null) throw new NotFoundError(messages.server.roomNotFound);
    ctx.set('Cache-Control', 'no-store');
    respond(ctx, 200, closureMessages.calendarFound, calendar);
  });
}
