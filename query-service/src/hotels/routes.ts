/** Hotel and room reads (spec section 7): public, except an owner's own room details. */
import { messages, routes, type Pagination } from '@stays/contracts';
import type { Context } from 'koa';
import { ForbiddenError, NotFoundError, authOf, respond, respondWithEncodedJson, successJson } from '@stays/service-kit';
import { collections, hotelsProjection, type HotelDocument, type RoomDocument } from '@stays/projections';
import type { Filter } from '@stays/read-store';
import type { QueryContext } from '../query-context.ts';
import { INTERNAL_HOTEL_FIELDS, SEARCH_RESULT_FIELDS, hotelView, roomView } from './hotel-view.ts';
import { hotelFilter, hotelSort, roomFilter } from './search.ts';
import { ResponseCache } from './response-cache.ts';

const INTERNAL_ROOM_FIELDS = { _position: 0, ownerId: 0 } as const;

export function mountHotelRoutes({ deps, mount }: QueryContext): void {
  const hotels = deps.readStore.collection<HotelDocument>(collections.hotels);
  const rooms = deps.readStore.collection<RoomDocument>(collections.rooms);
  const hotelAnswer = (hotel: HotelDocument) => hotelView(hotel, deps.mediaLinks);

  async function searchPage(filter: Filter, query: { sort: 'startingPrice' | 'created_at'; order: 'asc' | 'desc'; page: number; limit: number }) {
    const [total, page] = await Promise.all([
      hotels.countDocuments(filter),
      hotels.find(filter, { sort: hotelSort(query), skip: (query.page - 1) * query.limit, limit: query.limit, projection: SEARCH_RESULT_FIELDS }),
    ]);
    const pagination: Pagination = { total, page: query.page, limit: query.limit };
    return { data: page.map(hotelAnswer), pagination };
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
    respondWithEncodedJson(ctx, 200, await cache.get(key, await deps.readSide.changedAt(hotelsProjection.name), compute));

  mount(routes.allHotels, async (ctx) => {
    await cached(ctx, 'all', async () => {
      const all = await hotels.find({}, { sort: { created_at: -1, _id: 1 }, projection: INTERNAL_HOTEL_FIELDS });
      return successJson(200, messages.server.hotelsFound, all.map(hotelAnswer));
    });
  });

  mount(routes.hotel, async (ctx) => {
    const hotel = await hotels.findOne({ _id: ctx.input.params.hotelID }, { projection: INTERNAL_HOTEL_FIELDS });
    if (hotel === null) throw new NotFoundError(messages.server.hotelNotFound);
    respond(ctx, 200, messages.server.hotelFound, hotelAnswer(hotel));
  });

  mount(routes.searchHotels, async (ctx) => {
    const { query } = ctx.input;
    await cached(ctx, `hotels|${JSON.stringify(query)}`, async () => {
      const { data, pagination } = await searchPage(hotelFilter(query), query);
      return successJson(200, messages.server.hotelsFound, data, { pagination });
    });
  });

  mount(routes.searchRooms, async (ctx) => {
    const { query } = ctx.input;
    await cached(ctx, `rooms|${JSON.stringify(query)}`, async () => {
      const filter = hotelFilter(query);
      const byRoom = roomFilter(query);
      if (byRoom !== null) {
        const matching = await rooms.find(byRoom, { projection: { hotelID: 1 } });
        filter._id = { $in: [...new Set(matching.map((room) => room.hotelID))] };
      }
      const { data, pagination } = await searchPage(filter, query);
      return successJson(200, messages.server.hotelsFound, data, { pagination });
    });
  });

  mount(routes.hotelRooms, async (ctx) => {
    const hotelId = ctx.input.params.hotelID;
    if ((await hotels.countDocuments({ _id: hotelId })) === 0) throw new NotFoundError(messages.server.hotelNotFound);
    const list = await rooms.find({ hotelID: hotelId }, { sort: { created_at: 1, _id: 1 }, projection: INTERNAL_ROOM_FIELDS });
    respond(ctx, 200, messages.server.roomsFound, list.map((room) => roomView(room, deps.mediaLinks)));
  });

  mount(routes.ownerRoom, async (ctx) => {
    const { hotelID, roomID } = ctx.input.params;
    const hotel = await hotels.findOne({ _id: hotelID }, { projection: { ownerId: 1 } });
    if (hotel === null) throw new NotFoundError(messages.server.hotelNotFound);
    if (hotel.ownerId !== authOf(ctx).accountId) throw new ForbiddenError(messages.server.notYourHotel);
    const room = await rooms.findOne({ _id: roomID, hotelID }, { projection: INTERNAL_ROOM_FIELDS });
    if (room === null) throw new NotFoundError(messages.server.roomNotFound);
    respond(ctx, 200, messages.server.roomFound, roomView(room, deps.mediaLinks));
  });
}
