/**
 * What the query side asks of the hotels read model, as MongoDB queries: the same query
 * runs on MongoDB and the embedded store. Answers never carry the model's own fields
 * (the search text, the position stamp, the owner's account id, which is nobody else's
 * business); a hotel carries the room types it offers instead of the room → type map.
 */
import { ROOM_TYPES, type HotelSearchQuery, type NearbyPlaceKind, type RoomSearchQuery, type RoomType } from '@stays/contracts';
import type { Filter, Projection, Sort } from '@stays/read-store';
import { POSITION_FIELD } from '../../guard.ts';
import type { ReadModelStore } from '../../read-model.ts';
import { hotelCollections, type HotelDocument, type RoomDocument, type RoomOffer } from './document.ts';
import { escapeRegExp } from '../text-pattern.ts';

/** A hotel as answered. */
export type Hotel = Omit<HotelDocument, 'searchText' | 'roomOffers' | 'ownerId' | 'listed'> & { roomTypes: RoomType[] };
/** A hotel as a search result card shows it: no description or nearby place lists, which only the hotel page shows. */
export type HotelCard = Omit<Hotel, 'description' | 'cancellationPolicy' | NearbyPlaceKind>;
/** A room or flat listing as answered. */
export type Room = Omit<RoomDocument, 'ownerId'>;
/** A hotel search, with or without room conditions. */
export type HotelSearch = HotelSearchQuery & Partial<RoomSearchQuery>;

const INTERNAL_HOTEL_FIELDS: Projection = { searchText: 0, [POSITION_FIELD]: 0, ownerId: 0, listed: 0 };
/** Search pages of 100 cards stay small enough to serve a thousand times a second. */
const HOTEL_CARD_FIELDS: Projection = {
  ...INTERNAL_HOTEL_FIELDS,
  description: 0,
  cancellationPolicy: 0,
  restaurants: 0,
  cinemaHalls: 0,
  famousTouristPlaces: 0,
  transportationFacilities: 0,
};
/** Hotels guests may find: those with a room (a hotel without one could not be booked). */
const LISTED: Filter = { listed: true };
const INTERNAL_ROOM_FIELDS: Projection = { [POSITION_FIELD]: 0, ownerId: 0 };
/** Up to this many hotels holding a search's term are looked up by `_id` rather than by testing every hotel's search text. */
const FEW_HOTELS = 1000;
const NEWEST_FIRST: Sort = { created_at: -1, _id: 1 };
const OLDEST_FIRST: Sort = { created_at: 1, _id: 1 };

/**
 * A hotel's rooms as its document gives them: `roomOffers` (version 4), or the room types by
 * room that version 3 kept, whose documents queries read until version 4 goes live after an
 * upgrade (docs/read-models.md, Versions).
 */
type RoomsOfDocument = { roomOffers?: readonly RoomOffer[]; roomTypesByRoom?: Readonly<Record<string, RoomType>> };

function asAnswered<T extends RoomsOfDocument>(document: T): Omit<T, keyof RoomsOfDocument> & { roomTypes: RoomType[] } {
  const { roomOffers, roomTypesByRoom, ...hotel } = document;
  const offered = new Set<RoomType>(roomOffers?.map((offer) => offer.roomType) ?? Object.values(roomTypesByRoom ?? {}));
  return { ...hotel, roomTypes: ROOM_TYPES.filter((type) => offered.has(type)) };
}

/**
 * The hotel conditions of a search. The search term is matched as plain text: it is
 * escaped before it becomes a regular expression, so `.*`, `(` or `$where`-looking input
 * is just text.
 */
function hotelFilter(query: HotelSearchQuery): Filter {
  const filter: Filter = {};
  const term = searchTermOf(query);
  if (term) filter.searchText = termCondition(term);
  const price: Record<string, number> = {};
  if (query.minPrice !== undefined) price.$gte = query.minPrice;
  const upper = [query.maxPrice, query.startingPrice].filter((value): value is number => value !== undefined);
  if (upper.length > 0) price.$lte = Math.min(...upper);
  if (Object.keys(price).length > 0) filter.startingPrice = price;
  return filter;
}

/** A search's term as hotels' search texts hold it (lowercased), or undefined when it has none. */
export const searchTermOf = (query: Pick<HotelSearchQuery, 'searchTerm'>): string | undefined => query.searchTerm?.toLowerCase() || undefined;

const termCondition = (term: string): Filter => ({ $regex: escapeRegExp(term) });

/**
 * `filter` narrowed to the hotels `ids` (all when undefined) and, when the caller remembers
 * which hotels hold the search's term (`withTerm`), to those: an `_id` among them then says
 * what the term's regular expression said, so it is left out, unless they are more than
 * FEW_HOTELS with nothing else narrowing them, where testing every hotel's text is cheaper
 * than looking each of them up (all 10,000 hotels: 4.3 against 6.3 ms a page).
 */
function narrowed(filter: Filter, ids: readonly string[] | undefined, withTerm: ReadonlySet<string> | undefined): Filter {
  if (withTerm === undefined || filter.searchText === undefined) return ids === undefined ? filter : { ...filter, _id: { $in: [...ids] } };
  const { searchText: _answered, ...rest } = filter;
  if (ids !== undefined) return { ...rest, _id: { $in: ids.filter((id) => withTerm.has(id)) } };
  return withTerm.size <= FEW_HOTELS ? { ...rest, _id: { $in: [...withTerm] } } : filter;
}

/** The room conditions of a room search, or null when it has none (the availability model's listings carry the same fields). */
export function roomFilter(query: Partial<RoomSearchQuery>): Filter | null {
  const filter: Filter = {};
  if (query.roomType?.length) filter.roomType = { $in: query.roomType };
  if (query.bedType?.length) filter.bedType = { $in: query.bedType };
  if (query.pricePerNight !== undefined) filter.pricePerNight = { $lte: query.pricePerNight };
  if (query.furnished === true) filter.furnished = true;
  if (query.hasKitchen === true) filter.hasKitchen = true;
  return Object.keys(filter).length > 0 ? filter : null;
}

/** Newest first by default; ties broken by id so pages never overlap. */
const hotelSort = (query: Pick<HotelSearchQuery, 'sort' | 'order'>): Sort => ({ [query.sort]: query.order === 'asc' ? 1 : -1, _id: 1 });

export type HotelQueries = ReturnType<typeof hotelQueries>;

export function hotelQueries(store: ReadModelStore) {
  const hotels = store.collection<HotelDocument>(hotelCollections.hotels);
  const rooms = store.collection<RoomDocument>(hotelCollections.rooms);

  return {
    async hotel(hotelId: string): Promise<Hotel | null> {
      const hotel = await hotels.findOne({ _id: hotelId }, { projection: INTERNAL_HOTEL_FIELDS });
      return hotel === null ? null : asAnswered(hotel);
    },
    async hotelExists(hotelId: string): Promise<boolean> {
      return (await hotels.countDocuments({ _id: hotelId })) > 0;
    },
    /** The account id of the hotel's owner, or null when no such hotel is listed. */
    async ownerOfHotel(hotelId: string): Promise<string | null> {
      return (await hotels.findOne({ _id: hotelId }, { projection: { ownerId: 1 } }))?.ownerId ?? null;
    },
    /** The id of the owner's hotel, or null before they add one. */
    async hotelIdOfOwner(ownerId: string): Promise<string | null> {
      return (await hotels.findOne({ ownerId }, { projection: { _id: 1 } }))?._id ?? null;
    },
    /** Up to `limit` hotels (listed or not) whose name holds `name` in any case, by name: the auditors' search suggestions. */
    async hotelsNamed(name: string, limit: number): Promise<{ hotelID: string; hotelName: string; city: string }[]> {
      const found = await hotels.find(
        { hotelName: { $regex: escapeRegExp(name), $options: 'i' } },
        { sort: { hotelName: 1, _id: 1 }, limit, projection: { _id: 1, hotelName: 1, city: 1 } },
      );
      return found.map((hotel) => ({ hotelID: hotel._id, hotelName: hotel.hotelName, city: hotel.city }));
    },
    /** Every listed hotel, newest first. */
    async allHotels(): Promise<Hotel[]> {
      return (await hotels.find(LISTED, { sort: NEWEST_FIRST, projection: INTERNAL_HOTEL_FIELDS })).map(asAnswered);
    },
    /** The listed hotels whose search text holds `term` (lowercased, as searchTermOf gives it): what a caller may remember as a search's `withTerm`. */
    async hotelsWithTerm(term: string): Promise<ReadonlySet<string>> {
      return new Set((await hotels.find({ searchText: termCondition(term), ...LISTED }, { projection: { _id: 1 } })).map((hotel) => hotel._id));
    },
    /**
     * The ids of the hotels a search's hotel conditions (term, prices) match; undefined when it
     * has none: every hotel. `withTerm`: the hotels holding the search's term, when the caller remembers them.
     */
    async hotelIdsMatching(query: HotelSearchQuery, withTerm?: ReadonlySet<string>): Promise<string[] | undefined> {
      const filter = hotelFilter(query);
      if (Object.keys(filter).length === 0) return undefined;
      return (await hotels.find({ ...narrowed(filter, undefined, withTerm), ...LISTED }, { projection: { _id: 1 } })).map((hotel) => hotel._id);
    },
    /**
     * One page of the hotels a search matches, and how many match in all. A room search
     * (room type, bed type, price per night, furnished, kitchen) matches the hotels with at
     * least one room meeting all its conditions, tested on the offers each hotel keeps of its
     * rooms (one read of the hotels, not of every room); `onlyHotels`, when given, are the
     * hotels a search for a stay found bookable, room conditions included; `withTerm`, when
     * given, the hotels holding the search's term (hotelsWithTerm, remembered by the caller).
     */
    async searchHotels(query: HotelSearch, onlyHotels?: readonly string[], withTerm?: ReadonlySet<string>): Promise<{ total: number; hotels: HotelCard[] }> {
      const byRoom = onlyHotels === undefined ? roomFilter(query) : null;
      let ids = onlyHotels;
      let offers: Filter = {};
      if (byRoom !== null) {
        // every document of a version has the same shape: the first listed hotel tells whether they keep their rooms' offers
        const sample = await hotels.findOne(LISTED, { projection: { roomOffers: 1 } });
        if (sample === null || sample.roomOffers !== undefined) offers = { roomOffers: { $elemMatch: byRoom } };
        else ids = [...new Set((await rooms.find(byRoom, { projection: { hotelID: 1 } })).map((room) => room.hotelID))];
      }
      const filter = { ...narrowed(hotelFilter(query), ids, withTerm), ...offers, ...LISTED };
      const { documents: page, total } = await hotels.findAndCount(filter, {
        sort: hotelSort(query),
        skip: (query.page - 1) * query.limit,
        limit: query.limit,
        projection: HOTEL_CARD_FIELDS,
      });
      return { total, hotels: page.map(asAnswered) };
    },
    /** The hotel's rooms and flats, oldest first. */
    async roomsOfHotel(hotelId: string): Promise<Room[]> {
      return rooms.find({ hotelID: hotelId }, { sort: OLDEST_FIRST, projection: INTERNAL_ROOM_FIELDS });
    },
    async roomOfHotel(hotelId: string, roomId: string): Promise<Room | null> {
      return rooms.findOne({ _id: roomId, hotelID: hotelId }, { projection: INTERNAL_ROOM_FIELDS });
    },
  };
}
