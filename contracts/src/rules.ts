/** Business constants and rules of spec section 9, shared by server and client. */
import { validation } from './messages.ts';

export const API_PREFIX_DEFAULT = '/sharma/resident/stays';

export const ROLES = ['customer', 'hotel-owner'] as const;
export type Role = (typeof ROLES)[number];
/**
 * Whom an access token speaks for: a guest, a hotel owner, or an auditor. Auditors are
 * accounts apart (no sign-up, streams `auditor-{id}`, read-only): their tokens open the
 * auditor routes and nothing else, and no other token opens those.
 */
export const TOKEN_ROLES = [...ROLES, 'auditor'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

export const ROOM_TYPES = ['Room', 'Flat'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const BED_TYPES = ['Single', 'Double', 'Queen', 'King'] as const;
export type BedType = (typeof BED_TYPES)[number];
/** The lists of nearby places a hotel has. */
export const NEARBY_PLACE_KINDS = ['restaurants', 'cinemaHalls', 'famousTouristPlaces', 'transportationFacilities'] as const;
export type NearbyPlaceKind = (typeof NEARBY_PLACE_KINDS)[number];
/** Flat is shown to users as Apartment. */
export const roomTypeLabel = (type: RoomType): string => (type === 'Flat' ? 'Apartment' : 'Room');
/** A room's name for captions and accessible names: its standard with its type, unless the standard already ends with it ("Maharani Apartment"). */
export function roomName(roomStandard: string, type: RoomType): string {
  const standard = roomStandard.trim();
  const label = roomTypeLabel(type);
  return standard.toLowerCase().endsWith(label.toLowerCase()) ? standard : `${standard} ${label}`;
}

const DISCOUNT_PERCENT = 20;
const PRICE_CATEGORY_THRESHOLDS = { luxurious: 50000, business: 20000, medium: 10000 } as const;
export type PriceCategory = 'Luxurious' | 'Business' | 'Medium' | 'Economic';

export const limits = {
  hotelImages: { min: 5, max: 10 },
  roomImages: { min: 1, max: 2 },
  hotelName: { min: 10, max: 60 },
  description: { min: 50, max: 300 },
  address: { min: 20, max: 50 },
  phoneDigits: 10,
  placeDistanceKm: { max: 30, minOnUpdate: 5 },
  otpLength: 6,
  /** Seconds between two codes to one contact, whoever asks: at most two messages a minute reach a person. */
  otpResendSeconds: 29,
  otpNoticeSeconds: 30,
  otpPhoneLength: { moreThan: 8, atMost: 12 },
  minRoomsGuestsNights: 1,
  resultCardThumbnails: 8,
  resultCardAmenities: 3,
  bookingSummaryImageIndex: 4,
  bookingPanelMinWidthPx: 468,
  password: { min: 8, max: 128 },
  name: { max: 100 },
  username: { max: 50 },
  email: { max: 254 },
  profileImageMegabytes: 5,
  /** Each hotel or room image, as uploaded. */
  listingImageMegabytes: 8,
  /**
   * Each uploaded image, decoded, at 8 bits per channel (half at 16 bits: the same memory).
   * Phones' full-resolution modes make 48–50 MP; anything is shown within 1600 × 1200.
   */
  imageMegapixels: 50,
  // booking and OTP bounds: no stay far ahead, no guest holding a listing, no guessing codes for days
  /** A stay starts at most this many days after today (India time). */
  bookingHorizonDays: 365,
  maxNightsPerBooking: 30,
  /** Rooms of a Room listing one booking takes each night (a Flat is always one unit). */
  maxRoomsPerBooking: 10,
  /** Guests one booking may bring, whatever its units hold. */
  maxGuestsPerBooking: 50,
  /** Guests one unit of a listing may sleep, as an owner may set it. */
  maxGuestsPerUnit: { min: 1, max: 20 },
  /** A listing with this many free units or fewer for a stay is shown as 'Only N left'. */
  fewUnitsLeft: 3,
  /** Bookings a guest may hold whose last night is today or later. */
  upcomingBookingsPerGuest: 10,
  /** Minutes after recording a payment during which the owner may undo it; from then on it is final. */
  paymentUndoMinutes: 10,
  // OTP limits count what one guest account does, never what others do to the same contact:
  // a stranger who knows someone's email and phone cannot lock them out of verifying it
  /** Per code: the fifth wrong try kills it. */
  otpWrongTriesPerCode: 5,
  /** Wrong OTP tries a guest may make on one contact (email and phone) in any 24 hours, across resends. */
  otpWrongTriesPerGuestAndContactPerDay: 10,
  /** Wrong OTP tries a guest may make over all contacts in any 24 hours: trying other contacts buys no more. */
  otpWrongTriesPerGuestPerDay: 20,
  /** Codes a guest may have sent to one contact in any 24 hours (each is a message to its holder). */
  otpCodesPerGuestAndContactPerDay: 10,
  /** Distinct contacts a guest may send codes to in any 24 hours. */
  otpContactsPerGuestPerDay: 10,
  /** Characters of the guest's name quoted in OTP and booking messages. */
  nameInMessages: 40,
} as const;

export const timings = {
  redirectAfterAuthMs: 1000,
  linkCopiedMs: 2000,
  fadeIntervalMs: 1000,
  persistTimeoutMs: 5000,
} as const;

export const sessionStorageKeys = { root: 'root', rootVersion: 1, accessToken: 'accessToken' } as const;

/** Price category by starting price: above 50000 Luxurious, above 20000 Business, above 10000 Medium. */
export function priceCategory(startingPrice: number): PriceCategory {
  if (startingPrice > PRICE_CATEGORY_THRESHOLDS.luxurious) return 'Luxurious';
  if (startingPrice > PRICE_CATEGORY_THRESHOLDS.business) return 'Business';
  if (startingPrice > PRICE_CATEGORY_THRESHOLDS.medium) return 'Medium';
  return 'Economic';
}

export interface StayQuote {
  /** Integer rupees before discount. */
  readonly totalAmount: number;
  /** Integer rupees: 20% of the total, rounded to the nearest rupee. */
  readonly discountAmount: number;
  /** What the guest pays: total − discount. */
  readonly payableAmount: number;
}

/** Guests a bed sleeps: what a listing holds per bedroom when its owner has not said (listings from before `maxGuests`). */
export const GUESTS_PER_BED: Readonly<Record<BedType, number>> = { Single: 1, Double: 2, Queen: 2, King: 3 };

/**
 * Guests one unit of a listing sleeps: what its owner set, else its bed's guests, times
 * its bedrooms for a Flat (a Room is one bedroom).
 */
export function maxGuestsOf(listing: {
  readonly maxGuests?: number | undefined;
  readonly bedType: BedType;
  readonly roomType: RoomType;
  readonly numberOfRooms?: number | undefined;
}): number {
  if (listing.maxGuests !== undefined) return listing.maxGuests;
  return GUESTS_PER_BED[listing.bedType] * (listing.roomType === 'Flat' ? Math.max(1, listing.numberOfRooms ?? 1) : 1);
}

/** Whether `guests` fit in the units a booking of `rooms` takes of a listing sleeping `maxGuests` a unit. */
export const guestsFit = (guests: number, maxGuests: number, roomType: RoomType, rooms: number): boolean => guests <= maxGuests * unitsBooked(roomType, rooms);

/**
 * What is wrong with a stay's first night at `now` (the reason, for the field's message),
 * or null: it starts tomorrow at the earliest and at most `bookingHorizonDays` after today
 * (India time). Booking and the availability answer apply the same bounds.
 */
export function stayStartProblem(checkIn: string, now: Date): string | null {
  if (checkIn < earliestCommencement(now) || checkIn > latestCommencement(now)) return validation.checkInDateOutOfRange(limits.bookingHorizonDays);
  return null;
}

/** Whether a listing's fewest free units for a stay are few enough to say 'Only N left' (and not none). */
export const fewLeft = (free: number): boolean => free > 0 && free <= limits.fewUnitsLeft;

/** Units of a listing a booking takes each night: its rooms for a Room; a Flat is one unit, whatever was asked. */
export const unitsBooked = (roomType: RoomType, numberOfRooms: number): number => (roomType === 'Room' ? numberOfRooms : 1);

/**
 * Price of a stay. Flat: price per night × guests × nights; Room: × rooms as well.
 * Money is integer rupees; the discount is rounded once, here, and the payable amount
 * is derived from it so the three figures always add up.
 */
export function quoteStay(input: {
  roomType: RoomType;
  pricePerNight: number;
  numberOfGuests: number;
  numberOfNights: number;
  numberOfRooms: number;
}): StayQuote {
  const totalAmount = Math.round(input.pricePerNight) * input.numberOfGuests * unitsBooked(input.roomType, input.numberOfRooms) * input.numberOfNights;
  const discountAmount = Math.round((totalAmount * DISCOUNT_PERCENT) / 100);
  return { totalAmount, discountAmount, payableAmount: totalAmount - discountAmount };
}

/** Displayed tax: room price divided by 100 (spec section 9). */
export const displayedTax = (pricePerNight: number): number => pricePerNight / 100;
/** Struck-through "original" price: room price plus 5000 (spec section 9). */
export const struckThroughPrice = (pricePerNight: number): number => pricePerNight + 5000;

/**
 * Address with city (spec: "address and city"), without printing the city twice when the
 * comma-separated address already ends with it ("Chandpol, Jaipur" + "Jaipur").
 */
export function addressWithCity(address: string, city: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const cityName = city.trim();
  if (cityName === '' || parts.at(-1)?.toLowerCase() === cityName.toLowerCase()) return parts.join(', ');
  return [...parts, cityName].join(', ');
}

/** Emails are unique per role regardless of case and surrounding spaces. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Amenities with icons (spec section 9). */
export const HOTEL_AMENITY_ICONS = ['Free WiFi', 'AC', 'Play Ground', 'Parking', 'TV', 'Club'] as const;
export const ROOM_AMENITY_ICONS = ['Free WiFi', 'AC', 'TV', 'Massage'] as const;
const MULTI_WORD_AMENITIES = [...new Set([...HOTEL_AMENITY_ICONS, ...ROOM_AMENITY_ICONS])].filter((name) => name.includes(' '));

/**
 * Room amenities are entered as one space-joined text ("Free WiFi AC TV"). Known
 * multi-word amenities stay whole; a text with commas is split on commas instead.
 */
export function splitRoomAmenities(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.includes(',')) return value;
  // Stryker disable next-line MethodExpression: without trim() the padding grows, and the final split drops empty words alike
  let rest = ` ${value.trim().replace(/\s+/g, ' ')} `;
  const found: string[] = [];
  for (const name of MULTI_WORD_AMENITIES) {
    const pattern = new RegExp(` ${name.replace(/ /g, ' ')} `, 'i');
    while (pattern.test(rest)) {
      found.push(name);
      rest = rest.replace(pattern, ' ');
    }
  }
  return [...found, ...rest.split(' ').filter(Boolean)];
}

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date in India as YYYY-MM-DD; of any instant, its calendar date in India ('2026-11-22T18:30:00Z' → '2026-11-23'). */
export const indiaToday = (now: Date): string => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The calendar date `days` after a YYYY-MM-DD date, always as YYYY-MM-DD (these are the
 * inventory's night keys): a date outside years 0000–9999 is an error, never '+010000-01-01'.
 */
export function addDays(date: string, days: number): string {
  const result = new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString();
  if (!/^\d{4}-\d{2}-\d{2}T/.test(result)) throw new RangeError(`${date} + ${days} days is not a date between years 0000 and 9999`);
  return result.slice(0, 10);
}

/** Nights from one calendar date (YYYY-MM-DD) to a later one; NaN when either is not a date. */
export const nightsBetween = (checkIn: string, checkOut: string): number =>
  Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);

/**
 * The day a stay ends: the morning after its last night. Here rather than beside the stay
 * schema so screens (and their first chunk) read it without loading the schemas.
 */
export const checkOutOf = (stay: { readonly checkIn: string; readonly nights: number }): string => addDays(stay.checkIn, stay.nights);

/** A booking's check-out: the morning after its last night (its first night may be read as an ISO date-time). */
export const checkOutOfBooking = (booking: { readonly dateOfCommencement: string; readonly numberOfNights: number }): string =>
  checkOutOf({ checkIn: booking.dateOfCommencement.slice(0, 10), nights: booking.numberOfNights });

/** Where a booking stands for its hotel today (India time), as the owner's arrivals view files it. */
export const STAY_PHASES = ['arriving-today', 'in-house', 'upcoming', 'past', 'cancelled'] as const;
export type StayPhase = (typeof STAY_PHASES)[number];

/**
 * A booking's phase today: cancelled whatever its dates; else arriving today on its first
 * night, upcoming before it, in house after it until its check-out day (the guest leaves that
 * morning, so the hotel still expects them), past after that.
 */
export function stayPhaseOf(
  booking: { readonly status: 'confirmed' | 'cancelled'; readonly dateOfCommencement: string; readonly numberOfNights: number },
  now: Date,
): StayPhase {
  if (booking.status === 'cancelled') return 'cancelled';
  const today = indiaToday(now);
  const checkIn = booking.dateOfCommencement.slice(0, 10);
  if (checkIn === today) return 'arriving-today';
  // Stryker disable next-line EqualityOperator: checkIn === today returned on the line above, so >= is the same test
  if (checkIn > today) return 'upcoming';
  return checkOutOfBooking(booking) >= today ? 'in-house' : 'past';
}

/** The earliest date a stay can start: tomorrow, India time. */
export const earliestCommencement = (now: Date): string => addDays(indiaToday(now), 1);

/** The latest date a stay can start: 365 days after today, India time. */
export const latestCommencement = (now: Date): string => addDays(indiaToday(now), limits.bookingHorizonDays);

/**
 * A wished start date (YYYY-MM-DD, or anything else) moved into the bookable range: a
 * stale or unreadable one to the earliest day, one beyond the horizon to the latest.
 */
export function bookableCommencement(wished: string | null, now: Date): { date: string; moved: boolean } {
  const earliest = earliestCommencement(now);
  const latest = latestCommencement(now);
  if (wished === null) return { date: earliest, moved: false };
  const parsed = Date.parse(`${wished}T00:00:00Z`);
  // Stryker disable next-line Regex: without either anchor, extra text makes Date.parse fail or the round trip differ, so the answer is the same
  const isCalendarDate = /^\d{4}-\d{2}-\d{2}$/.test(wished) && !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(wished);
  if (!isCalendarDate || wished < earliest) return { date: earliest, moved: true };
  if (wished > latest) return { date: latest, moved: true };
  return { date: wished, moved: false };
}

/**
 * The stay has not begun: its first night (YYYY-MM-DD, or an ISO date-time's first 10
 * characters) is after today in India. What the screens label "Upcoming" (spec section 4),
 * and while a guest may still cancel.
 */
export const stayIsAhead = (dateOfCommencement: string, now: Date): boolean => dateOfCommencement.slice(0, 10) > indiaToday(now);

/**
 * The stay is not over: its last night (YYYY-MM-DD) is today or later in India. While it
 * holds one of the guest's places for upcoming bookings, and the auditors' "upcoming" status.
 */
export const stayIsNotOver = (lastNight: string, now: Date): boolean => lastNight >= indiaToday(now);

/** What cancelling needs to know of a booking: fields of the booking as screens read it (`BookingView`). */
export interface CancellableBooking {
  readonly status: 'confirmed' | 'cancelled';
  readonly isPaymentDone: boolean;
  /** The first night, YYYY-MM-DD (an ISO date-time's first 10 characters are taken). */
  readonly dateOfCommencement: string;
}

/**
 * Why a guest may not cancel a booking, or null when they may: one already cancelled, one
 * the owner recorded as paid (the money is settled at the hotel), or one whose first night
 * has come (India time).
 */
export function whyNotCancellable(booking: CancellableBooking, now: Date): 'cancelled' | 'paid' | 'started' | null {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.isPaymentDone) return 'paid';
  if (!stayIsAhead(booking.dateOfCommencement, now)) return 'started';
  return null;
}

export const cancellable = (booking: CancellableBooking, now: Date): boolean => whyNotCancellable(booking, now) === null;

/** Each night of a stay, as the date it starts. */
export const stayNights = (dateOfCommencement: string, numberOfNights: number): string[] =>
  Array.from({ length: numberOfNights }, (_, night) => addDays(dateOfCommencement, night));

/**
 * Whether a text carries a link or web address: a scheme ('https://', 'mailto:'), 'www.',
 * an email address, a domain ('evil.example', 'bit.ly/x') or an IP address. Names are
 * quoted in messages sent to phones and mailboxes, where any of these becomes a link.
 */
// Mutation testing leaves \d+ → \d at either end of the address pattern: in a search that is not anchored, both find the same texts.
export const looksLikeLink = (text: string): boolean =>
  /[a-z][a-z0-9+.-]*:\/\/|\b(mailto|tel|sms|javascript|data):|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}|\d+\.\d+\.\d+/iu.test(text);

/** Runs of what names quoted in messages leave out. */
// Stryker disable next-line Regex: one space per character instead of per run is collapsed by the \s+ replace below
const NOT_IN_NAMES = /[^\p{L}\p{M}' .-]+/gu;

/**
 * A guest's name as messages quote it: letters, marks, spaces, apostrophes, hyphens and
 * dots only (nothing a mail or SMS client turns into a link or a command), at most
 * `limits.nameInMessages` characters.
 */
export function nameForMessages(name: string): string {
  const plain = name
    .replace(NOT_IN_NAMES, ' ')
    .replace(/\.(?=\S)/g, '. ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...plain].slice(0, limits.nameInMessages).join('').trim();
}

/** The query parameter of the sign-in and sign-up pages that says where to go back to once signed in. */
export const RETURN_TO_PARAM = 'redirect';

/** The address the same-site check resolves against: any origin of ours would do, none is reachable. */
const OUR_ORIGIN = 'https://stays.invalid';

/**
 * `target` when it is a path of this site (a single slash, then no host, scheme or
 * backslash, no control character, at most 2,000 characters), as path, query and fragment;
 * else null. Where a guest goes back to after signing in comes from a link anyone can
 * make, so it must never lead to another site.
 */
export function sameSitePath(target: string | null | undefined): string | null {
  // An empty text fails startsWith('/') below.
  if (typeof target !== 'string' || target.length > 2000) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\') || /[\u0000-\u001f\u007f]/.test(target)) return null;
  let parsed: URL;
  try {
    parsed = new URL(target, OUR_ORIGIN);
    // Unreachable (mutation testing reports the catch as not covered): a text starting with one slash always parses against our origin.
  } catch {
    return null;
  }
  // Stryker disable next-line ConditionalExpression: the checks above leave no path that resolves to another origin; this one is defence in depth
  return parsed.origin === OUR_ORIGIN ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
}

/** What a booking's payment status says to guests and owners. */
export type PaymentState = 'paid' | 'pending' | 'cancelled';

/**
 * Paid once the owner recorded the payment; a cancelled booking owes nothing, so it reads
 * cancelled, not pending (a paid booking cannot be cancelled); else pending.
 */
export const paymentStateOf = (booking: { readonly status: 'confirmed' | 'cancelled'; readonly isPaymentDone: boolean }): PaymentState =>
  booking.isPaymentDone ? 'paid' : booking.status === 'cancelled' ? 'cancelled' : 'pending';

/**
 * Milliseconds left to undo a payment recorded at `paidAt` (ISO), at `now`; 0 once the
 * window of `limits.paymentUndoMinutes` has ended (at exactly its end, the undo is refused).
 * The server decides with it; the owner's card counts down with it.
 */
export const paymentUndoMsLeft = (paidAt: string, now: Date): number => Math.max(0, Date.parse(paidAt) + limits.paymentUndoMinutes * 60_000 - now.getTime());

/** How long an emailed password reset link works. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
