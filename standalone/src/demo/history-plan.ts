/**
 * The demo's past as a plan (docs/decisions/0032): which guest books which listing for
 * which nights, when they book it, and when it is paid or cancelled, from about seven
 * months before `now` to two months after it. Pure and deterministic (a seeded random
 * draw relative to India's calendar date of `now`), so screenshots and tests see the same
 * story every time; `history.ts` plays it through the commands.
 *
 * The plan keeps within every rule the deciders enforce, with margins: a stay starts the
 * day after it is booked at the earliest; a guest never holds more than
 * `MOST_HELD_PER_GUEST` bookings whose stay is not over (cancelled ones counted too, as if
 * their place were never given back); a listing never has more units taken on a night
 * than it has (cancelled ones counted too, as the reactor gives their units back later);
 * a guest books at most `MOST_BOOKINGS_PER_GUEST_AND_DAY` a day (each is one OTP, under
 * the daily OTP limits), and twice the wait between two codes to one contact apart at least
 * on the same phone (bookings of the day crowd into the hours before `now`); a cancellation
 * comes before the stay and never after a payment.
 */
import { addDays, indiaToday, limits, maxGuestsOf, unitsBooked, type BedType, type RoomType } from '@stays/contracts';

/** What the plan needs to know of a listing. */
export interface PlanListing {
  readonly roomType: RoomType;
  readonly roomStandard: string;
  readonly bedType: BedType;
  readonly numberOfRooms?: number;
  readonly totalUnits: number;
}

export interface PlannedBooking {
  /** Index into the plan's guests. */
  readonly guest: number;
  /** Which of the guest's phones the booking's contact uses. */
  readonly phone: number;
  readonly hotel: number;
  readonly listing: number;
  readonly checkIn: string;
  readonly nights: number;
  readonly rooms: number;
  readonly guests: number;
  readonly bookedAt: Date;
  readonly paidAt: Date | null;
  readonly cancelledAt: Date | null;
}

export type PlannedAction =
  | { readonly at: Date; readonly kind: 'place'; readonly booking: number }
  | { readonly at: Date; readonly kind: 'pay'; readonly booking: number }
  | { readonly at: Date; readonly kind: 'cancel'; readonly booking: number };

export interface DemoHistoryPlan {
  /** When the hotels open and the guests sign up: the clock's first reading. */
  readonly startsAt: Date;
  readonly bookings: readonly PlannedBooking[];
  /** Every placement, payment and cancellation, oldest first. */
  readonly actions: readonly PlannedAction[];
  /** Nights (listing and date) the plan fills to the last unit. */
  readonly soldOut: readonly { readonly hotel: number; readonly listing: number; readonly night: string }[];
}

export interface PlanOptions {
  readonly now: Date;
  readonly hotels: readonly { readonly listings: readonly PlanListing[] }[];
  readonly guests: number;
  readonly phonesPerGuest: number;
  /** Bookings to draw (some draws are left out when a rule would refuse them). */
  readonly bookings?: number;
  /** The most stays not over yet a guest may hold at any time; default `MOST_HELD_PER_GUEST` for all. */
  readonly mostHeld?: (guest: number) => number;
}

/** Days of history before today. */
export const HISTORY_DAYS = 213;
/** The first day a stay may start, before today. */
export const FIRST_STAY_DAYS_AGO = 182;
/** The last day a stay may start, after today. */
const LAST_STAY_DAYS_AHEAD = 60;
export const MOST_HELD_PER_GUEST = limits.upcomingBookingsPerGuest - 2;
export const MOST_BOOKINGS_PER_GUEST_AND_DAY = 4;
/** Nothing of the plan happens later than this before `now`, so the clock hands back real time going forward. */
const LATEST_BEFORE_NOW_MS = 10 * 60_000;
const HOUR_MS = 3600_000;
const DEFAULT_BOOKINGS = 280;

/** A moment of an India calendar date: `hours` after its midnight (IST, UTC+05:30). */
export const indiaTime = (date: string, hours: number): Date => new Date(Date.parse(`${date}T00:00:00+05:30`) + hours * HOUR_MS);

/** Where the demo's past begins for a system seeded at `now`: the hotels open, the guests sign up. */
export const demoHistoryStart = (now: Date): Date => indiaTime(addDays(indiaToday(now), -HISTORY_DAYS), 9);

export function planDemoHistory(options: PlanOptions): DemoHistoryPlan {
  const random = seededRandom(20_240_601);
  const today = indiaToday(options.now);
  const latest = options.now.getTime() - LATEST_BEFORE_NOW_MS;
  const startsAt = demoHistoryStart(options.now);
  // guests sign up within the first days; nobody books before that
  const firstBookingDay = addDays(today, -HISTORY_DAYS + 3);
  const taken = new Map<string, number>(); // `${hotel}/${listing}/${night}` -> units
  const bookings: PlannedBooking[] = [];
  const soldOut: DemoHistoryPlan['soldOut'][number][] = [];

  const listingOf = (hotel: number, listing: number) => options.hotels[hotel]!.listings[listing]!;
  const nightsOf = (checkIn: string, nights: number) => Array.from({ length: nights }, (_, i) => addDays(checkIn, i));
  const freeUnits = (hotel: number, listing: number, night: string) => listingOf(hotel, listing).totalUnits - (taken.get(`${hotel}/${listing}/${night}`) ?? 0);

  /** A time of day to book on `date`, or null when the whole day is too late. */
  const bookingTime = (date: string): Date | null => {
    const at = indiaTime(date, 8 + Math.floor(random() * 14) + random());
    if (at.getTime() <= latest) return at;
    const early = indiaTime(date, 7);
    return early.getTime() <= latest ? new Date(Math.min(latest, early.getTime() + random() * (latest - early.getTime()))) : null;
  };

  const guestMayHold = (guest: number, candidate: { bookedAt: Date; lastNight: string }): boolean => {
    const theirs = [...bookings.filter((booking) => booking.guest === guest).map(heldSpan), candidate];
    const day = indiaToday(candidate.bookedAt);
    if (theirs.filter((held) => indiaToday(held.bookedAt) === day).length > MOST_BOOKINGS_PER_GUEST_AND_DAY) return false;
    // the most the guest holds at any placement among them, the candidate's included
    const most = options.mostHeld?.(guest) ?? MOST_HELD_PER_GUEST;
    return theirs.every((at) => theirs.filter((held) => held.bookedAt <= at.bookedAt && held.lastNight >= addDays(indiaToday(at.bookedAt), -1)).length <= most);
  };

  /** Whether a code to the guest's phone at `at` would come within twice the resend wait of another of the plan's codes to it. */
  const codeTooSoon = (guest: number, phone: number, at: Date): boolean =>
    bookings.some(
      (booking) =>
        booking.guest === guest && booking.phone === phone && Math.abs(booking.bookedAt.getTime() - at.getTime()) < 2 * limits.otpResendSeconds * 1000,
    );

  /** Adds the booking if every rule allows it; returns whether it did. */
  const tryBooking = (draft: Omit<PlannedBooking, 'guest' | 'phone' | 'paidAt' | 'cancelledAt'>, mayCancel: boolean): boolean => {
    const lastNight = addDays(draft.checkIn, draft.nights - 1);
    const units = unitsBooked(listingOf(draft.hotel, draft.listing).roomType, draft.rooms);
    const nights = nightsOf(draft.checkIn, draft.nights);
    if (nights.some((night) => freeUnits(draft.hotel, draft.listing, night) < units)) return false;
    const first = Math.floor(random() * options.guests);
    const phone = bookings.length % options.phonesPerGuest;
    for (let i = 0; i < options.guests; i++) {
      const guest = (first + i) % options.guests;
      if (!guestMayHold(guest, { bookedAt: draft.bookedAt, lastNight }) || codeTooSoon(guest, phone, draft.bookedAt)) continue;
      for (const night of nights) taken.set(`${draft.hotel}/${draft.listing}/${night}`, (taken.get(`${draft.hotel}/${draft.listing}/${night}`) ?? 0) + units);
      const cancelledAt = mayCancel && random() < 0.14 ? cancellationTime(draft.bookedAt, draft.checkIn) : null;
      bookings.push({ ...draft, guest, phone, cancelledAt, paidAt: cancelledAt ? null : paymentTime(draft) });
      return true;
    }
    return false;
  };

  /** At least an hour after booking and a day before the check-in day begins; null when there is no such time. */
  const cancellationTime = (bookedAt: Date, checkIn: string): Date | null => {
    const from = bookedAt.getTime() + HOUR_MS;
    const until = Math.min(indiaTime(checkIn, -24).getTime(), latest);
    return until > from ? new Date(from + random() * (until - from)) : null;
  };

  /** Past stays are mostly paid at check-out, some upcoming ones ahead; null for unpaid. */
  const paymentTime = (draft: { bookedAt: Date; checkIn: string; nights: number }): Date | null => {
    const checkOut = indiaTime(addDays(draft.checkIn, draft.nights), 11);
    if (checkOut.getTime() <= latest) return random() < 0.88 ? checkOut : null;
    if (random() < 0.2) {
      const at = draft.bookedAt.getTime() + (1 + random() * 47) * HOUR_MS;
      return at <= latest ? new Date(at) : null;
    }
    return null;
  };

  const draw = (checkIn: string, hotel: number, listing: number, nights: number, rooms: number, leadDays: number) => {
    const bookedOn = [addDays(checkIn, -leadDays), firstBookingDay].sort().at(-1)!;
    if (bookedOn >= checkIn) return null;
    // booked the day before at the latest, and never later than `now`
    for (let day = bookedOn; day < checkIn; day = addDays(day, -1)) {
      if (day < firstBookingDay) return null;
      const at = bookingTime(day);
      if (at !== null) {
        const spec = listingOf(hotel, listing);
        const units = unitsBooked(spec.roomType, rooms);
        const guests = Math.max(1, Math.min(maxGuestsOf(spec) * units, units + Math.floor(random() * 2)));
        return { hotel, listing, checkIn, nights, rooms, guests, bookedAt: at };
      }
    }
    return null;
  };

  // A few nights sold out: two in the past, three in the coming weeks, on listings with few units.
  const small = options.hotels
    .flatMap((hotel, h) => hotel.listings.map((listing, l) => ({ h, l, units: listing.totalUnits })))
    .filter(({ units }) => units <= 6)
    .sort((a, b) => a.units - b.units || a.h - b.h || a.l - b.l);
  const soldOutDays = [-120, -45, 6, 13, 20];
  for (const [i, offset] of soldOutDays.entries()) {
    const target = small[(i * 3) % small.length];
    if (target === undefined) break;
    const checkIn = addDays(today, offset);
    const nights = 2;
    const spec = listingOf(target.h, target.l);
    let guard = 0;
    while (nightsOf(checkIn, nights).some((night) => freeUnits(target.h, target.l, night) > 0) && guard++ < 20) {
      const free = Math.min(...nightsOf(checkIn, nights).map((night) => freeUnits(target.h, target.l, night)));
      const rooms = spec.roomType === 'Room' ? Math.min(free, 1 + Math.floor(random() * 3), limits.maxRoomsPerBooking) : 1;
      const drafted = draw(checkIn, target.h, target.l, nights, rooms, 2 + Math.floor(random() * 20));
      if (drafted) tryBooking(drafted, false);
    }
    if (nightsOf(checkIn, nights).every((night) => freeUnits(target.h, target.l, night) === 0)) {
      for (const night of nightsOf(checkIn, nights)) soldOut.push({ hotel: target.h, listing: target.l, night });
    }
  }

  const wanted = options.bookings ?? DEFAULT_BOOKINGS;
  for (let attempt = 0; bookings.length < wanted && attempt < wanted * 4; attempt++) {
    const checkIn = addDays(today, -FIRST_STAY_DAYS_AGO + Math.floor(random() * (FIRST_STAY_DAYS_AGO + LAST_STAY_DAYS_AHEAD + 1)));
    const hotel = Math.floor(random() * options.hotels.length);
    const listing = Math.floor(random() * options.hotels[hotel]!.listings.length);
    const nights = 1 + Math.floor(random() * random() * 6);
    const rooms = listingOf(hotel, listing).roomType === 'Room' && random() < 0.2 ? 2 : 1;
    const leadDays = 1 + Math.floor(random() * random() * 50);
    const drafted = draw(checkIn, hotel, listing, nights, rooms, leadDays);
    if (drafted) tryBooking(drafted, true);
  }

  const actions: PlannedAction[] = bookings.flatMap((booking, index) => [
    { at: booking.bookedAt, kind: 'place' as const, booking: index },
    ...(booking.paidAt ? [{ at: booking.paidAt, kind: 'pay' as const, booking: index }] : []),
    ...(booking.cancelledAt ? [{ at: booking.cancelledAt, kind: 'cancel' as const, booking: index }] : []),
  ]);
  actions.sort((a, b) => a.at.getTime() - b.at.getTime() || a.booking - b.booking);
  return { startsAt, bookings, actions, soldOut };
}

const heldSpan = (booking: PlannedBooking) => ({ bookedAt: booking.bookedAt, lastNight: addDays(booking.checkIn, booking.nights - 1) });

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
