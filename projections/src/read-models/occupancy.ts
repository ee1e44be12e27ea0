/**
 * The occupancy and revenue read model: nights sold, units available, occupancy and
 * revenue (after discount, paid and unpaid) per hotel per day and month, and per city per
 * month, built only from events. The example analytical model: one file, its documents,
 * its projection and its queries.
 *
 * Rules (docs/read-models.md, "Occupancy and revenue"):
 * - A night sold is one unit of a listing taken for one night (a booking's `units` on each
 *   of its `nights`). A cancelled booking counts nowhere, paid or not.
 * - Units available on a day: the `totalUnits` of each of the hotel's listings as it stood
 *   that day (a listing counts from the India date it was added; an update's count holds
 *   from the India date it was recorded), none from the day the hotel was delisted.
 * - Revenue: what the guest pays, totalAmount − discountAmount, spread over the booking's
 *   nights in whole rupees (the first nights take the remainder, one rupee each), so the
 *   nights add up to the booking exactly; it is paid once the owner records the payment.
 * - A city is the hotel's city as last listed: nights sold and units available of a hotel
 *   are counted in the same city, or a city's occupancy would mix two hotels' histories.
 * - No personal data: nothing here changes when a guest is erased.
 *
 * The documents keep what a query needs to work out any day (a booking's nights and
 * nightly revenue, a listing's units over time); the queries add up the days asked for.
 * Booking events carry no amounts on cancellation or payment, so per-day counters could
 * not be decremented by a pure handler: the booking is the unit that is written.
 */
import {
  addDays,
  indiaToday,
  type CityOccupancy,
  type OccupancyFigures,
  type OccupancyOfCity,
  type OccupancyOpeningMonth,
  type OwnerOccupancy,
} from '@stays/contracts';
import type { ProjectedWrite } from '../projection.ts';
import { defineReadModel, type ReadModelStore } from '../read-model.ts';

/** The model's collections by logical name (its versions keep them as `occupancy_v<version>_<name>`). */
export const occupancyCollections = {
  hotels: 'hotels',
  bookings: 'bookings',
} as const;
const collections = occupancyCollections;

/** A listing's unit count from an India date on. */
export interface UnitsFrom {
  readonly from: string;
  readonly units: number;
}

export type OccupancyHotelDocument = {
  readonly _id: string;
  readonly ownerId: string;
  readonly city: string;
  /** Room id → its unit counts, oldest first (each update appends one). */
  readonly listings: Readonly<Record<string, readonly UnitsFrom[]>>;
  /** India date the hotel left the listings; its units count on the days before only. */
  readonly delistedOn: string | null;
};

export type OccupancyBookingDocument = {
  readonly _id: string;
  readonly hotelID: string;
  readonly firstNight: string;
  readonly lastNight: string;
  readonly nights: readonly string[];
  /** Units taken on each night. */
  readonly units: number;
  /** Rupees of each night, in the order of `nights`; they add up to totalAmount − discountAmount. */
  readonly nightlyRevenue: readonly number[];
  readonly paid: boolean;
  readonly cancelled: boolean;
};

/** An amount of whole rupees in `parts` whole-rupee shares that add up to it exactly: the first shares take the remainder. */
export function spreadRupees(amount: number, parts: number): number[] {
  const share = Math.floor(amount / parts);
  const remainder = amount - share * parts;
  return Array.from({ length: parts }, (_, index) => share + (index < remainder ? 1 : 0));
}

const dayOf = (recordedAt: string): string => indiaToday(new Date(recordedAt));

const onHotel = (hotelId: string, update: Record<string, unknown>, upsert = false): ProjectedWrite[] => [
  { collection: collections.hotels, operation: { updateOne: { filter: { _id: hotelId }, update, ...(upsert && { upsert }) } } },
];

const setOnBooking = (bookingID: string, set: Record<string, unknown>): ProjectedWrite[] => [
  { collection: collections.bookings, operation: { updateOne: { filter: { _id: bookingID }, update: { $set: set } } } },
];

/** Sums of one day or many. */
interface Tally {
  nightsSold: number;
  unitsAvailable: number;
  revenuePaid: number;
  revenueUnpaid: number;
}
const emptyTally = (): Tally => ({ nightsSold: 0, unitsAvailable: 0, revenuePaid: 0, revenueUnpaid: 0 });

function addTo(sum: Tally, more: Tally): void {
  sum.nightsSold += more.nightsSold;
  sum.unitsAvailable += more.unitsAvailable;
  sum.revenuePaid += more.revenuePaid;
  sum.revenueUnpaid += more.revenueUnpaid;
}

const figuresOf = (tally: Tally): OccupancyFigures => ({
  ...tally,
  occupancyPercent: tally.unitsAvailable === 0 ? null : Math.round((tally.nightsSold * 1000) / tally.unitsAvailable) / 10,
});

/** Units of the hotel's listings that existed on `day`. */
function unitsAvailableOn(hotel: OccupancyHotelDocument, day: string): number {
  if (hotel.delistedOn !== null && day >= hotel.delistedOn) return 0;
  let units = 0;
  for (const history of Object.values(hotel.listings)) {
    let current = 0;
    for (const entry of history) if (entry.from <= day) current = entry.units;
    units += current;
  }
  return units;
}

/** Each day from `first` to `last`, inclusive. */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

const monthOf = (day: string): string => day.slice(0, 7);
/** The first day of the month `months` after the month of `day` (negative: before). */
function monthStart(day: string, months = 0): string {
  const start = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + months, 1));
  return start.toISOString().slice(0, 10);
}
const monthEnd = (day: string): string => addDays(monthStart(day, 1), -1);

/** Per day of `period` (consecutive YYYY-MM-DD days), the hotels' figures: units available of each hotel, nights and revenue of each booking. */
function tallyDays(hotels: readonly OccupancyHotelDocument[], bookings: readonly OccupancyBookingDocument[], period: readonly string[]): Map<string, Tally> {
  const days = new Map<string, Tally>();
  for (const day of period) {
    const tally = emptyTally();
    for (const hotel of hotels) tally.unitsAvailable += unitsAvailableOn(hotel, day);
    days.set(day, tally);
  }
  for (const booking of bookings) {
    booking.nights.forEach((night, index) => {
      const tally = days.get(night);
      if (tally === undefined) return;
      tally.nightsSold += booking.units;
      const revenue = booking.nightlyRevenue[index] ?? 0;
      if (booking.paid) tally.revenuePaid += revenue;
      else tally.revenueUnpaid += revenue;
    });
  }
  return days;
}

/** Days of bookings on hand an owner sees, today included. */
export const OWNER_DAYS_AHEAD = 90;
/** Months an owner sees back from the current one, which is the last of them. */
const OWNER_MONTHS_BACK = 11;

export type OccupancyQueries = ReturnType<typeof occupancyQueries>;

export function occupancyQueries(store: ReadModelStore) {
  const hotels = store.collection<OccupancyHotelDocument>(collections.hotels);
  const bookings = store.collection<OccupancyBookingDocument>(collections.bookings);
  const bookingsReaching = (first: string, last: string, hotelID?: string) =>
    bookings.find({ ...(hotelID !== undefined && { hotelID }), lastNight: { $gte: first }, firstNight: { $lte: last }, cancelled: false });

  return {
    /** The owner's hotel by month (see `OwnerOccupancy`) and by day for the bookings on hand; null before they list a hotel. */
    async ofOwner(ownerId: string, today: string): Promise<OwnerOccupancy | null> {
      const hotel = await hotels.findOne({ ownerId });
      if (hotel === null) return null;
      const lastDay = addDays(today, OWNER_DAYS_AHEAD - 1);
      const first = monthStart(today, -OWNER_MONTHS_BACK);
      const last = monthEnd(lastDay);
      const days = tallyDays([hotel], await bookingsReaching(first, last, hotel._id), daysFrom(first, last));
      const months = new Map<string, Tally>();
      for (const [day, tally] of days) {
        const month = months.get(monthOf(day)) ?? months.set(monthOf(day), emptyTally()).get(monthOf(day))!;
        addTo(month, tally);
      }
      return {
        hotelID: hotel._id,
        today,
        months: [...months].map(([month, tally]) => ({ month, ...figuresOf(tally) })),
        days: daysFrom(today, lastDay).map((date) => ({ date, ...figuresOf(days.get(date)!) })),
      };
    },

    /**
     * Every room ever listed at the hotel and every booking ever made at it, cancelled ones
     * too: the streams an owner's copy of their data reads (command-service's exporting-data).
     */
    async roomsAndBookingsOf(hotelID: string): Promise<{ roomIds: string[]; bookingIDs: string[] }> {
      const [hotel, held] = await Promise.all([hotels.findOne({ _id: hotelID }), bookings.find({ hotelID }, { projection: { _id: 1 } })]);
      return { roomIds: Object.keys(hotel?.listings ?? {}), bookingIDs: held.map((booking) => booking._id) };
    },

    /** Every city's figures for `month` (YYYY-MM): cities with units available or nights sold, by name. */
    async ofCities(month: string): Promise<CityOccupancy> {
      const first = `${month}-01`;
      const last = monthEnd(first);
      const [allHotels, reaching] = await Promise.all([hotels.find({}), bookingsReaching(first, last)]);
      const bookingsByHotel = new Map<string, OccupancyBookingDocument[]>();
      for (const booking of reaching) {
        const ofHotel = bookingsByHotel.get(booking.hotelID);
        if (ofHotel === undefined) bookingsByHotel.set(booking.hotelID, [booking]);
        else ofHotel.push(booking);
      }
      const period = daysFrom(first, last);
      const byCity = new Map<string, Tally>();
      for (const hotel of allHotels) {
        const sum = emptyTally();
        for (const tally of tallyDays([hotel], bookingsByHotel.get(hotel._id) ?? [], period).values()) addTo(sum, tally);
        if (sum.unitsAvailable === 0 && sum.nightsSold === 0) continue;
        addTo(byCity.get(hotel.city) ?? byCity.set(hotel.city, emptyTally()).get(hotel.city)!, sum);
      }
      const cities: OccupancyOfCity[] = [...byCity].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([city, tally]) => ({ city, ...figuresOf(tally) }));
      return { month, cities };
    },

    /**
     * The month the auditors' view opens on (see `OccupancyOpeningMonth`). A booking's nights
     * are consecutive, so a booking reaching into a month sells nights in it; each step reads
     * at most one booking.
     */
    async openingMonth(today: string): Promise<OccupancyOpeningMonth> {
      const current = monthOf(today);
      const first = monthStart(today);
      const last = monthEnd(today);
      const opening = (month: string, withBookings = true): OccupancyOpeningMonth => ({ month, current, withBookings });
      if ((await bookings.findOne({ lastNight: { $gte: first }, firstNight: { $lte: last }, cancelled: false })) !== null) return opening(current);
      const [latest] = await bookings.find({ lastNight: { $lt: first }, cancelled: false }, { sort: { lastNight: -1 }, limit: 1 });
      if (latest !== undefined) return opening(monthOf(latest.lastNight));
      // only a system whose every booking is still ahead gets here, so it has few bookings and needs no index on firstNight
      const [next] = await bookings.find({ firstNight: { $gt: last }, cancelled: false }, { sort: { firstNight: 1 }, limit: 1 });
      return next === undefined ? opening(current, false) : opening(monthOf(next.firstNight));
    },
  };
}

export const occupancyReadModel = defineReadModel({
  name: 'occupancy',
  version: 1,
  collections: {
    [collections.hotels]: [{ keys: { ownerId: 1 } }],
    // a hotel's bookings that reach into a period; every hotel's for a month
    [collections.bookings]: [{ keys: { hotelID: 1, lastNight: 1 } }, { keys: { lastNight: 1 } }],
  },
  queries: occupancyQueries,
  personalFields: 'none',
  on: {
    HotelCreated: ({ hotelId, ownerId, city }) => onHotel(hotelId, { $set: { ownerId, city, listings: {}, delistedOn: null } }, true),
    HotelUpdated: ({ hotelId, ownerId, city }) => onHotel(hotelId, { $set: { ownerId, city } }),
    HotelDelisted: ({ hotelId }, { recordedAt }) => onHotel(hotelId, { $set: { delistedOn: dayOf(recordedAt) } }),
    RoomAdded: ({ hotelId, roomId, totalUnits }, { recordedAt }) =>
      onHotel(hotelId, { $set: { [`listings.${roomId}`]: [{ from: dayOf(recordedAt), units: totalUnits }] } }),
    RoomUpdated: ({ hotelId, roomId, totalUnits }, { recordedAt }) =>
      onHotel(hotelId, { $push: { [`listings.${roomId}`]: { from: dayOf(recordedAt), units: totalUnits } } }),
    BookingPlaced: (placed) => {
      const document: Omit<OccupancyBookingDocument, '_id'> = {
        hotelID: placed.hotelId,
        firstNight: placed.nights[0] ?? placed.dateOfCommencement,
        lastNight: placed.nights.at(-1) ?? placed.dateOfCommencement,
        nights: placed.nights,
        units: placed.units,
        nightlyRevenue: spreadRupees(placed.totalAmount - placed.discountAmount, placed.nights.length),
        paid: false,
        cancelled: false,
      };
      return [{ collection: collections.bookings, operation: { updateOne: { filter: { _id: placed.bookingID }, update: { $set: document }, upsert: true } } }];
    },
    BookingCancelled: ({ bookingID }) => setOnBooking(bookingID, { cancelled: true }),
    BookingPaymentReceived: ({ bookingID }) => setOnBooking(bookingID, { paid: true }),
    // no version bump for this handler: no stored version has met the event, so none would project differently
    BookingPaymentUndone: ({ bookingID }) => setOnBooking(bookingID, { paid: false }),
  },
});
