/** Hotel and room reads (spec section 7): public, except an owner's own room details. */
import { messages, routes, stayStartProblem, type Pagination } from '@stays/contracts';
import type { Context } from 'koa';
import { ForbiddenError, NotFoundError, ValidationError, authOf, respond, respondWithEncodedJson, successJson } from '@stays/service-kit';
import { hotelsReadModel, type HotelSearch } from '@stays/projections/read-models';
import type { QueryContext } from '../query-context.ts';
import { ResponseCache } from './response-cache.ts';

export function mountHotelRoutes({ deps, readModels, mount }: QueryContext): void {
  const { hotels } = readModels;
  /** Image links are answered absolute, on the configured public address. */
  const answered = <T extends { imageURLs?: readonly string[] }>(listing: T): T =>
    ({ ...listing, imageURLs: deps.mediaLinks.absoluteAll(listing.imageURLs ?? []) });

  async function searchPage(query: HotelSearch): Promise<string> {
    const { total, hotels: page } = await hotels.searchHotels(query);
    const pagination: Pagination = { total, page: query.page, limit: query.limit };
    return successJson(200, messages.server.hotelsFound, page.map(answered), { pagination });
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
    await cached(ctx, `hotels|${JSON.stringify(query)}`, () => searchPage(query));
  });

  mount(routes.searchRooms, async (ctx) => {
    const { query } = ctx.input;
    await cached(ctx, `rooms|${JSON.stringify(query)}`, () => searchPage(query));
  });

  mount(routes.hotelRooms, async (ctx) => {
    const hotelId = ctx.input.params.hotelID;
    if (!(await hotels.hotelExists(hotelId))) throw new NotFoundError(messages.server.hotelNotFound);
    respond(ctx, 200, messages.server.roomsFound, (await hotels.roomsOfHotel(hotelId)).map(answered));
  });

  mount(routes.roomAvailability, async (ctx) => {
    const stay = ctx.input.query;
    const startProblem = stayStartProblem(stay.checkIn, new Date());
    if (startProblem !== null) throw new ValidationError('checkIn', startProblem);
    const listings = await readModels.availability.ofHotel(ctx.input.params.hotelID, stay);
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
    respond(ctx, 200, messages.server.roomFound, answered(room));
  });
}
