/**
 * Plays the demo's past (history-plan.ts) through the booking commands, moving the seeding
 * clock to each step's time first: every OTP, verification, booking, payment and
 * cancellation is decided by the same handler and decider as a guest's or owner's call,
 * with the "now" of its day, and recorded in time order. The guests sign up through the
 * public API; their codes are read from the seed's own SMS sender, as a guest reads their
 * phone (docs/decisions/0032).
 */
import { bookRequest, sendOtpRequest, verifyOtpRequest } from '@stays/contracts';
import type { EventStore } from '@stays/event-store';
import type { KeyedStreamNames, Mailer, SmsSender } from '@stays/service-kit';
import {
  DomainError,
  createOtpThrottle,
  handleCancelBooking,
  handleMarkPaid,
  handlePlaceBooking,
  handleSendOtp,
  handleVerifyOtp,
  type BookingDeps,
} from '@stays/command-service';
import { demoGuest, demoGuestPhone, demoHistoryGuests, demoHotels, type DemoGuest } from './demo-data.ts';
import { MOST_HELD_PER_GUEST, planDemoHistory, type DemoHistoryPlan } from './history-plan.ts';
import { SeedClient, registerGuest, type SeededCatalogue } from './seed.ts';
import type { SeedingClock } from './seeding-clock.ts';

export const DEMO_PHONES_PER_GUEST = 3;
/** The address the seed's OTP tries count against (the per-address throttle). */
const SEED_CLIENT = 'demo-seed';

export interface HistoryDeps {
  readonly eventStore: EventStore;
  readonly streamNames: KeyedStreamNames;
  readonly otpKey: Buffer;
  readonly clock: SeedingClock;
  /** The running product's address and API prefix, for the guests' sign-ups. */
  readonly baseUrl: string;
  readonly apiPrefix: string;
}

export interface HistoryResult {
  readonly guests: number;
  readonly bookings: number;
  readonly cancelled: number;
  readonly paid: number;
  readonly soldOutNights: number;
  /**
   * Payments and cancellations of the plan a rule refused (say, a cancellation policy that
   * closes cancellations earlier than the plan assumes): left out, the booking stays as it
   * was. A refused placement fails the seed, as the plan's other steps depend on it.
   */
  readonly refused: readonly string[];
}

/**
 * What `guest@stays.demo` (guest 0) holds at most: the account people try the product with
 * keeps room for bookings of their own under the limit of upcoming bookings.
 */
export const DEMO_GUEST_MOST_HELD = 3;

/** The plan for a system seeded now: the same story, relative to today, every time. */
export const demoHistoryPlan = (now: Date): DemoHistoryPlan =>
  planDemoHistory({
    now,
    hotels: demoHotels,
    guests: 1 + demoHistoryGuests.length,
    phonesPerGuest: DEMO_PHONES_PER_GUEST,
    mostHeld: (guest) => (guest === 0 ? DEMO_GUEST_MOST_HELD : MOST_HELD_PER_GUEST),
  });

/** Signs the guests up at the start of the plan, then plays its steps in time order. The clock must be seeding, at or before `plan.startsAt`. */
export async function seedDemoHistory(deps: HistoryDeps, plan: DemoHistoryPlan, catalogue: SeededCatalogue): Promise<HistoryResult> {
  const { clock } = deps;
  clock.advanceTo(plan.startsAt);
  const api = new SeedClient(`${deps.baseUrl.replace(/\/+$/, '')}${deps.apiPrefix}`);
  // the guests sign up on the demo's first evening, side by side (each sign-up hashes a password)
  clock.advanceTo(new Date(plan.startsAt.getTime() + 9 * 3600_000));
  const signedUp = await Promise.all(demoHistoryGuests.map((guest, i) => registerGuest(api, guest, `guest-${i + 1}.png`, 90_002 + i)));
  const guests: { readonly guest: DemoGuest; readonly id: string }[] = [
    { guest: demoGuest, id: catalogue.guestId },
    ...demoHistoryGuests.map((guest, i) => ({ guest, id: signedUp[i]! })),
  ];

  const codes = new Map<string, string>();
  const sms: SmsSender = {
    send: async ({ to, text }) => {
      const code = /\b(\d{6})\b/.exec(text)?.[1];
      if (code !== undefined) codes.set(to, code);
    },
  };
  // the code goes by email too: read from the SMS, the email is no one's mail
  const noMail: Mailer = { send: async () => ({ messageId: `demo-seed-${codes.size}` }) };
  const booking: BookingDeps = {
    store: deps.eventStore,
    mailer: noMail,
    sms,
    otpKey: deps.otpKey,
    otpThrottle: createOtpThrottle(),
    streamNames: deps.streamNames,
    now: clock.now,
  };

  const bookingIds: string[] = [];
  const refused: string[] = [];
  let paid = 0;
  let cancelled = 0;
  for (const action of plan.actions) {
    clock.advanceTo(action.at);
    try {
      await play(action);
    } catch (error) {
      const planned = plan.bookings[action.booking]!;
      const what = `${action.kind} booking ${action.booking} (${demoHotels[planned.hotel]!.hotelName}, ${planned.checkIn}, ${planned.nights} nights) at ${action.at.toISOString()}`;
      const reason = error instanceof Error ? error.message : String(error);
      if (action.kind !== 'place' && error instanceof DomainError) {
        refused.push(`${what}: ${reason}`);
        continue;
      }
      throw new Error(`demo seed: ${what} was refused: ${reason}`, { cause: error });
    }
  }
  async function play(action: DemoHistoryPlan['actions'][number]): Promise<void> {
    const planned = plan.bookings[action.booking]!;
    const { guest, id: customerId } = guests[planned.guest]!;
    const hotel = catalogue.hotels[planned.hotel]!;
    if (action.kind === 'place') {
      const phone = demoGuestPhone(planned.guest, planned.phone);
      const contact = { customerName: guest.name, customerEmail: guest.email, customerPhoneNumber: `+91${phone}` };
      await handleSendOtp(booking, customerId, sendOtpRequest.parse(contact));
      const otp = codes.get(`+91${phone}`);
      if (otp === undefined) throw new Error(`demo seed: no code was sent to ${contact.customerPhoneNumber}`);
      await handleVerifyOtp(booking, customerId, verifyOtpRequest.parse({ ...contact, otp }), SEED_CLIENT);
      const listing = demoHotels[planned.hotel]!.listings[planned.listing]!;
      const placed = await handlePlaceBooking(
        booking,
        customerId,
        bookRequest.parse({
          ...contact,
          hotelID: hotel.hotelId,
          roomType: listing.roomType,
          roomStandard: listing.roomStandard,
          numberOfRooms: planned.rooms,
          numberOfGuests: planned.guests,
          numberOfNights: planned.nights,
          dateOfCommencement: planned.checkIn,
        }),
      );
      bookingIds[action.booking] = placed.value.bookingID;
    } else if (action.kind === 'pay') {
      await handleMarkPaid(booking, hotel.ownerId, bookingIds[action.booking]!);
      paid++;
    } else {
      await handleCancelBooking(booking, customerId, bookingIds[action.booking]!);
      cancelled++;
    }
  }
  return {
    guests: guests.length,
    bookings: plan.bookings.length,
    cancelled,
    paid,
    soldOutNights: plan.soldOut.length,
    refused,
  };
}
