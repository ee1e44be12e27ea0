/**
 * The availability read model: per listing per night, the units still free. Free units of
 * a night are the listing's units as it stands now, minus the units bookings took on that
 * night and did not give back, minus the units its owner closed and did not reopen (the
 * inventory streams' UnitsReserved, UnitsReleased, NightsClosed and NightsReopened, which
 * are what the command side decides by). Only nights someone booked or closed have a
 * document; a night without one has every unit free. The owner's calendar reads the same
 * nights, and the closures night by night so that each can be reopened.
 *
 * It is a guide for guests, read before they verify and book: the inventory streams stay
 * the only thing that decides whether a booking may take a unit, so a guest who sees a last
 * unit can still lose it to another guest, and is told so by the booking's 409.
 */
import {
  addDays,
  guestsFit,
  maxGuestsOf,
  nightsBetween,
  quoteStay,
  unitsBooked,
  type BedType,
  type CalendarClosure,
  type ClosureSource,
  type HotelAvailability,
  type ListingAvailability,
  type RoomCalendar,
  type RoomDetails,
  type RoomSearchQuery,
  type RoomType,
  type Stay,
} from '@stays/contracts';
import { compileFilter } from '@stays/read-store';
import { roomFilter } from './hotels/queries.ts';
import { POSITION_FIELD } from '../guard.ts';
import { defineReadModel, type ReadModelStore } from '../read-model.ts';

/** The model's collections by logical name (its versions keep them as `availability_v<version>_<name>`). */
export const availabilityCollections = {
  listings: 'listings',
  nights: 'nights',
  closures: 'closures',
  changes: 'changes',
} as const;
const collections = availabilityCollections;

export type AvailabilityListingDocument = {
  readonly _id: string;
  readonly hotelID: string;
  readonly roomType: RoomType;
  readonly roomStandard: string;
  readonly bedType: BedType;
  readonly pricePerNight: number;
  readonly furnished: boolean;
  readonly hasKitchen: boolean;
  readonly totalUnits: number;
  readonly maxGuests: number;
  /** False once the hotel left the listings: nothing of it can be booked. */
  readonly listed: boolean;
  /** When the listing was added: the hotel's listings are answered in that order. */
  readonly created_at: string;
};

/** What a search for a stay reads of a listing. */
export type ListingFacets = Pick<
  AvailabilityListingDocument,
  '_id' | 'hotelID' | 'roomType' | 'bedType' | 'pricePerNight' | 'furnished' | 'hasKitchen' | 'totalUnits' | 'maxGuests'
>;
/** Every listed listing's facets, by its hotel's id: what searches for a stay read, which a reader may keep while no listing changes. */
export type ListedListings = ReadonlyMap<string, readonly ListingFacets[]>;
/** The hotels bookable for a stay, and what each of them can book. */
export interface BookableHotels {
  /** Each at most once, unless the caller named one twice. */
  readonly hotelIds: readonly string[];
  /** What a hotel of hotelIds can book for the stay. */
  availabilityOf(hotelId: string): HotelAvailability | undefined;
}
const LISTING_FACETS = { hotelID: 1, roomType: 1, bedType: 1, pricePerNight: 1, furnished: 1, hasKitchen: 1, totalUnits: 1, maxGuests: 1 } as const;

/** Units taken on one night of one listing (`_id` is `{roomId}/{night}`): `taken` is `reserved` (by bookings) plus `closed`. */
export type AvailabilityNightDocument = {
  readonly _id: string;
  readonly roomId: string;
  readonly night: string;
  readonly reserved: number;
  readonly closed: number;
  readonly taken: number;
};

/** One night a closure holds (`_id` is `{closureId}/{night}`): a reopened night's document is removed. */
export type AvailabilityClosureNightDocument = {
  readonly _id: string;
  readonly closureId: string;
  readonly roomId: string;
  readonly night: string;
  readonly units: number;
  readonly source: ClosureSource;
  readonly note?: string;
};

/**
 * The log positions at which what a stay's answer reads last changed: `listings` holds in
 * `changedAt` the last change to any listing; `month/{YYYY-MM}` holds in `nights` the last
 * change to the units taken on each night of that month that changed (one document a month,
 * so a booking's nights cost one write, not one each). A cached search for a stay is keyed by
 * the latest of its nights' and the listings', so a booking or a closure makes stays over
 * other nights recompute nothing.
 */
export type AvailabilityChangeDocument = { readonly _id: string; readonly changedAt?: number; readonly nights?: Readonly<Record<string, number>> };

const nightId = (roomId: string, night: string) => `${roomId}/${night}`;
const LISTINGS_CHANGE = 'listings';
// Stryker disable next-line StringLiteral,MethodExpression: how nights are grouped into documents; each night keeps its own position in its month's
const monthChangeId = (night: string) => `month/${night.slice(0, 7)}`;

/** Moves a change position forward (never back, whatever order a replay applies the writes in). */
const changedAt = (id: string, position: number) => ({
  collection: collections.changes,
  operation: { updateOne: { filter: { _id: id }, update: { $max: { changedAt: position } }, upsert: true } },
});
/** The nights' change positions, one write per month they fall in. */
function nightsChanged(nights: readonly string[], position: number) {
  const byMonth = new Map<string, Record<string, number>>();
  for (const night of nights) {
    const id = monthChangeId(night);
    const month = byMonth.get(id) ?? {};
    month[`nights.${night}`] = position;
    byMonth.set(id, month);
  }
  return [...byMonth].map(([id, positions]) => ({
    collection: collections.changes,
    operation: { updateOne: { filter: { _id: id }, update: { $max: positions }, upsert: true } },
  }));
}
/**
 * A search for a stay over more than this many listings counts the nights booked or closed
 * on its dates (an index on `night`), and reads those rather than each listing's nights by
 * _id when they are fewer: at 10,000 hotels with some bookings a few hundred a night against
 * a lookup per listing and night, most of them for nights nobody booked; where most listings
 * are booked most nights, one city's listings are still looked up one by one.
 */
const FEW_LISTINGS = 1000;
const closureNightId = (closureId: string, night: string) => `${closureId}/${night}`;
/** The stay's nights (YYYY-MM-DD), in order: one Date stepped a day at a time, where addDays would parse and check a date per night. */
function nightsOf(stay: Stay): string[] {
  const day = new Date(`${stay.checkIn}T00:00:00Z`);
  const nights = new Array<string>(stay.nights);
  for (let index = 0; index < stay.nights; index++) {
    nights[index] = day.toISOString().slice(0, 10);
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return nights;
}

export const availabilityReadModel = defineReadModel({
  name: 'availability',
  version: 3,
  personalFields: 'none',
  collections: {
    [collections.listings]: [{ keys: { hotelID: 1, created_at: 1, _id: 1 } }],
    // a listing's nights in date order, for the nearest free check-in; a stay's nights by _id for a few listings, by night for many
    [collections.nights]: [{ keys: { roomId: 1, night: 1 } }, { keys: { night: 1 } }],
    // a listing's closed nights in date order, for its calendar
    [collections.closures]: [{ keys: { roomId: 1, night: 1 } }],
    // read by _id only
    [collections.changes]: [],
  },
  queries: availabilityQueries,
  on: {
    RoomAdded: (room, { recordedAt, position }) => [
      {
        collection: collections.listings,
        operation: {
          updateOne: { filter: { _id: room.roomId }, update: { $set: listingFields(room), $setOnInsert: { created_at: recordedAt } }, upsert: true },
        },
      },
      changedAt(LISTINGS_CHANGE, position),
    ],
    RoomUpdated: (room, { position }) => [
      { collection: collections.listings, operation: { updateOne: { filter: { _id: room.roomId }, update: { $set: listingFields(room) }, upsert: true } } },
      changedAt(LISTINGS_CHANGE, position),
    ],
    HotelDelisted: ({ hotelId }, { position }) => [
      { collection: collections.listings, operation: { updateMany: { filter: { hotelID: hotelId }, update: { $set: { listed: false } } } } },
      changedAt(LISTINGS_CHANGE, position),
    ],
    UnitsReserved: ({ roomId, nights, units }, { position }) => [
      ...nights.map((night) => takenChange(roomId, night, 'reserved', units)),
      ...nightsChanged(nights, position),
    ],
    UnitsReleased: ({ roomId, nights, units }, { position }) => [
      ...nights.map((night) => takenChange(roomId, night, 'reserved', -units)),
      ...nightsChanged(nights, position),
    ],
    NightsClosed: ({ closureId, roomId, nights, units, source, note }, { position }) => [
      ...nightsChanged(nights, position),
      ...nights.flatMap((night) => [
        takenChange(roomId, night, 'closed', units),
        {
          collection: collections.closures,
          operation: {
            updateOne: {
              filter: { _id: closureNightId(closureId, night) },
              update: { $set: { closureId, roomId, night, units, source, ...(note !== undefined && { note }) } },
              upsert: true,
            },
          },
        },
      ]),
    ],
    NightsReopened: ({ closureId, roomId, nights, units }, { position }) => [
      ...nightsChanged(nights, position),
      ...nights.flatMap((night) => [
        takenChange(roomId, night, 'closed', -units),
        { collection: collections.closures, operation: { deleteOne: { filter: { _id: closureNightId(closureId, night) } } } },
      ]),
    ],
  },
});

function listingFields(room: RoomDetails & { hotelId: string }) {
  const { hotelId, roomType, roomStandard, bedType, pricePerNight, furnished, hasKitchen, totalUnits, maxGuests } = room;
  return { hotelID: hotelId, roomType, roomStandard, bedType, pricePerNight, furnished, hasKitchen, totalUnits, maxGuests, listed: true };
}

/** Units booked (`reserved`) or closed on a night change, and with them the units taken. */
function takenChange(roomId: string, night: string, by: 'reserved' | 'closed', units: number) {
  const other = by === 'reserved' ? 'closed' : 'reserved';
  return {
    collection: collections.nights,
    operation: {
      updateOne: {
        filter: { _id: nightId(roomId, night) },
        update: { $inc: { [by]: units, taken: units }, $setOnInsert: { roomId, night, [other]: 0 } },
        upsert: true,
      },
    },
  };
}

export type AvailabilityQueries = ReturnType<typeof availabilityQueries>;

export function availabilityQueries(store: ReadModelStore) {
  const listings = store.collection<AvailabilityListingDocument>(collections.listings);
  const nights = store.collection<AvailabilityNightDocument>(collections.nights);
  const closures = store.collection<AvailabilityClosureNightDocument>(collections.closures);
  const changes = store.collection<AvailabilityChangeDocument>(collections.changes);

  /**
   * The nights of the stay that hold units taken, for these listings: looked up by `_id`
   * (`{roomId}/{night}`), which any store answers without a scan, whatever else the collection holds.
   */
  async function takenIn(roomIds: readonly string[], stayNights: readonly string[]) {
    const ids = roomIds.flatMap((roomId) => stayNights.map((night) => nightId(roomId, night)));
    // Stryker disable next-line ObjectLiteral: the projection only trims what is read; the code reads no other field
    return nights.find({ _id: { $in: ids } }, { projection: { roomId: 1, night: 1, taken: 1 } });
  }

  /**
   * The most units taken on any night of the stay, per listing, for the listings given (others
   * may be answered too); a listing missing from the answer has every unit free all stay.
   */
  async function mostTakenIn(roomIds: readonly string[], stay: Stay): Promise<Map<string, number>> {
    const mostTaken = new Map<string, number>();
    const keep = (roomId: string, taken: number) => mostTaken.set(roomId, Math.max(taken, mostTaken.get(roomId) ?? 0));
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: both reads below give the same most-taken units; this picks the cheaper
    if (roomIds.length > FEW_LISTINGS) {
      const onTheStaysDates = { night: { $in: nightsOf(stay) } };
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator,BlockStatement: both reads give the same most-taken units; this picks the cheaper
      if ((await nights.countDocuments(onTheStaysDates)) < roomIds.length * stay.nights) {
        // Stryker disable next-line ObjectLiteral: the projection only trims what is read; the code reads no other field
        for (const night of await nights.find(onTheStaysDates, { projection: { roomId: 1, taken: 1 } })) keep(night.roomId, night.taken);
        return mostTaken;
      }
    }
    for (const { roomId, taken } of await takenIn(roomIds, nightsOf(stay))) keep(roomId, taken);
    return mostTaken;
  }

  function answer(listing: AvailabilityListingDocument, takenByNight: readonly number[], stayNights: readonly string[], stay: Stay): ListingAvailability {
    const byNight = stayNights.map((date, index) => ({ date, free: Math.max(0, listing.totalUnits - takenByNight[index]!) }));
    const minFree = Math.min(...byNight.map((night) => night.free));
    const maxGuests = maxGuestsOf(listing);
    const bookable = minFree >= unitsBooked(listing.roomType, stay.rooms) && guestsFit(stay.guests, maxGuests, listing.roomType, stay.rooms);
    const quote = quoteStay({
      roomType: listing.roomType,
      pricePerNight: listing.pricePerNight,
      numberOfGuests: stay.guests,
      numberOfNights: stay.nights,
      numberOfRooms: stay.rooms,
    });
    return {
      roomID: listing._id,
      roomType: listing.roomType,
      roomStandard: listing.roomStandard,
      maxGuests,
      nights: byNight,
      minFree,
      bookable,
      quote,
      nearestCheckIn: null,
    };
  }

  /**
   * The first check-in after the stay's, at most `latest`, from which the listing has the
   * stay's units every night; null when none does. One range read of the listing's nights;
   * the days in between are counted by their distance from the first, so only the answer is
   * written out as a date.
   */
  async function nearestCheckIn(listing: AvailabilityListingDocument, stay: Stay, latest: string): Promise<string | null> {
    const units = unitsBooked(listing.roomType, stay.rooms);
    if (units > listing.totalUnits) return null;
    const from = addDays(stay.checkIn, 1);
    const lastDay = addDays(latest, stay.nights - 1);
    const days = nightsBetween(from, lastDay) + 1;
    if (!(days > 0)) return null;
    const taken = await nights.find({ roomId: listing._id, night: { $gte: from, $lte: lastDay } }, { projection: { night: 1, taken: 1 } });
    const full = new Uint8Array(days);
    for (const night of taken) if (listing.totalUnits - night.taken < units) full[nightsBetween(from, night.night)] = 1;
    // a window of the stay's nights slides a day at a time, counting the full nights inside it
    let fullInWindow = 0;
    for (let index = 0; index < days; index++) {
      fullInWindow += full[index]!;
      const start = index - stay.nights + 1;
      if (start < 0) continue;
      if (fullInWindow === 0) return addDays(from, start);
      fullInWindow -= full[start]!;
    }
    return null;
  }

  async function listedListings(): Promise<ListedListings> {
    const byHotel = new Map<string, ListingFacets[]>();
    // Stryker disable next-line ObjectLiteral: the projection only trims what is read; the code reads no other field
    for (const listing of await listings.find({ listed: true }, { projection: LISTING_FACETS })) {
      const ofHotel = byHotel.get(listing.hotelID);
      if (ofHotel === undefined) byHotel.set(listing.hotelID, [listing]);
      else ofHotel.push(listing);
    }
    return byHotel;
  }

  return {
    /**
     * The latest log position at which anything a search for this stay reads changed: the
     * units taken on one of its nights, or any listing; undefined before anything did.
     */
    async stayChangedAt(stay: Stay): Promise<number | undefined> {
      const stayNights = Array.from({ length: stay.nights }, (_, index) => addDays(stay.checkIn, index));
      const found = await changes.find(
        // Stryker disable next-line ObjectLiteral: the filter only trims what is read; the answer takes the stay's own nights from what it reads
        { _id: { $in: [LISTINGS_CHANGE, ...new Set(stayNights.map(monthChangeId))] } },
        // Stryker disable next-line ObjectLiteral: the projection only trims what is read; the code reads no other field
        { projection: { changedAt: 1, nights: 1 } },
      );
      const positions = found.flatMap((change) => [change.changedAt, ...stayNights.map((night) => change.nights?.[night])]);
      const known = positions.filter((position): position is number => position !== undefined);
      return known.length === 0 ? undefined : Math.max(...known);
    },
    /**
     * The owner's calendar of a listing of the hotel: each night from `first` for `days`
     * nights with the units booked, closed and free, and the closures holding any of them
     * (each with its nights in the window, in order); null when the hotel has no such listing.
     */
    async calendar(hotelId: string, roomId: string, first: string, days: number): Promise<RoomCalendar | null> {
      const listing = await listings.findOne({ _id: roomId, hotelID: hotelId }, { projection: { totalUnits: 1 } });
      if (listing === null) return null;
      const last = addDays(first, days - 1);
      const inWindow = { roomId, night: { $gte: first, $lte: last } };
      const [taken, closed] = await Promise.all([
        // Stryker disable next-line ObjectLiteral: the projection only trims what is read; the code reads no other field
        nights.find(inWindow, { projection: { night: 1, reserved: 1, closed: 1 } }),
        // Stryker disable next-line ObjectLiteral: the projection only trims what is read; the code reads no other field
        closures.find(inWindow, { sort: { night: 1 }, projection: { [POSITION_FIELD]: 0 } }),
      ]);
      const byNight = new Map(taken.map((night) => [night.night, night]));
      const calendarNights = Array.from({ length: days }, (_, index) => {
        const date = addDays(first, index);
        const { reserved: booked = 0, closed: closedUnits = 0 } = byNight.get(date) ?? {};
        return { date, booked, closed: closedUnits, free: Math.max(0, listing.totalUnits - booked - closedUnits) };
      });
      const byClosure = new Map<string, CalendarClosure & { nights: string[] }>();
      for (const { closureId, night, units, source, note } of closed) {
        const known = byClosure.get(closureId);
        if (known !== undefined) known.nights.push(night);
        else byClosure.set(closureId, { closureID: closureId, nights: [night], units, source, ...(note !== undefined && { note }) });
      }
      return { roomID: roomId, totalUnits: listing.totalUnits, nights: calendarNights, closures: [...byClosure.values()] };
    },
    /** The latest log position at which any listing changed (added, changed, delisted); undefined before one did. */
    async listingsChangedAt(): Promise<number | undefined> {
      // Stryker disable next-line ObjectLiteral: the projection only trims what is read; the code reads no other field
      return (await changes.findOne({ _id: LISTINGS_CHANGE }, { projection: { changedAt: 1 } }))?.changedAt;
    },
    /** Every listed listing's facets by hotel, in one read of the listings. */
    listedListings,
    /**
     * The hotels (of `amongHotels`, when given) with a listing bookable for the whole stay and
     * meeting the room search's conditions, if any; and for a hotel of them, how many of its
     * listings are, the lowest payable amount among them and their fewest free units, worked
     * out when asked: a page shows 20 to 100 hotels of thousands. `listed`: the listed listings
     * as a reader keeps them (listedListings), else read now.
     */
    async bookableHotels(stay: Stay, search: Partial<RoomSearchQuery>, amongHotels?: readonly string[], listed?: ListedListings): Promise<BookableHotels> {
      const byHotel = listed ?? (await listedListings());
      const meetsConditions = compileFilter(roomFilter(search) ?? undefined);
      // listings hotel by hotel, in the order the hotels are named
      const candidates: ListingFacets[] = [];
      for (const hotelId of amongHotels ?? byHotel.keys()) {
        for (const listing of byHotel.get(hotelId) ?? []) if (meetsConditions(listing)) candidates.push(listing);
      }
      const mostTaken = await mostTakenIn(
        candidates.map((listing) => listing._id),
        stay,
      );
      const freeUnits = (listing: ListingFacets) => listing.totalUnits - (mostTaken.get(listing._id) ?? 0);
      const bookable = (listing: ListingFacets) =>
        freeUnits(listing) >= unitsBooked(listing.roomType, stay.rooms) && guestsFit(stay.guests, maxGuestsOf(listing), listing.roomType, stay.rooms);
      // no set or map of the hotels: one of 10,000 ids takes 2 to 3 ms to build here, an array of them under 1
      const hotelIds: string[] = [];
      for (const listing of candidates) if (listing.hotelID !== hotelIds.at(-1) && bookable(listing)) hotelIds.push(listing.hotelID);
      return {
        hotelIds,
        availabilityOf(hotelId) {
          let found: HotelAvailability | undefined;
          for (const listing of byHotel.get(hotelId) ?? []) {
            if (!meetsConditions(listing) || !bookable(listing)) continue;
            const payable = quoteStay({
              roomType: listing.roomType,
              pricePerNight: listing.pricePerNight,
              numberOfGuests: stay.guests,
              numberOfNights: stay.nights,
              numberOfRooms: stay.rooms,
            }).payableAmount;
            const fewestFree = freeUnits(listing);
            found =
              found === undefined
                ? { bookableListings: 1, lowestPayableAmount: payable, fewestFree }
                : {
                    bookableListings: found.bookableListings + 1,
                    lowestPayableAmount: Math.min(found.lowestPayableAmount, payable),
                    fewestFree: Math.min(found.fewestFree, fewestFree),
                  };
          }
          return found;
        },
      };
    },
    /**
     * Every listing of a listed hotel for the stay, oldest first; null when the hotel has
     * none (unknown, delisted, or nothing to book). A listing full on a night of the stay that
     * would sleep the guests says the nearest later check-in it is free from, until `latest`.
     */
    async ofHotel(hotelId: string, stay: Stay, latest: string): Promise<ListingAvailability[] | null> {
      const found = await listings.find({ hotelID: hotelId, listed: true }, { sort: { created_at: 1, _id: 1 }, projection: { [POSITION_FIELD]: 0 } });
      if (found.length === 0) return null;
      const stayNights = nightsOf(stay);
      // units taken per listing, night by night in the stay's order (a night without a document: none)
      const takenByListing = new Map(found.map((listing) => [listing._id, new Array<number>(stay.nights).fill(0)]));
      for (const { roomId, night, taken } of await takenIn([...takenByListing.keys()], stayNights)) {
        takenByListing.get(roomId)![nightsBetween(stay.checkIn, night)] = taken;
      }
      return Promise.all(
        found.map(async (listing) => {
          const answered = answer(listing, takenByListing.get(listing._id)!, stayNights, stay);
          const full = answered.minFree < unitsBooked(listing.roomType, stay.rooms);
          return full && guestsFit(stay.guests, answered.maxGuests, listing.roomType, stay.rooms)
            ? { ...answered, nearestCheckIn: await nearestCheckIn(listing, stay, latest) }
            : answered;
        }),
      );
    },
  };
}
