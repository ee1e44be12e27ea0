/**
 * What every use case's route gets: its dependencies, the mounter of contracts routes
 * (which applies each entry's auth, body and validation), and `committed` for
 * read-your-writes; and what its handler gets.
 */
import type { Context } from 'koa';
import type { EventStore } from '@stays/event-store';
import type {
  CalendarFeedLinks,
  KeyedStreamNames,
  Mailer,
  MediaLinks,
  MediaStore,
  MountContext,
  SmsSender,
  TokenIssuer,
  TokenVerifier,
} from '@stays/service-kit';
import type { GoogleIdTokenVerifier } from './accounts/google-id-token.ts';
import type { Passwords } from './accounts/passwords.ts';
import type { AccountThrottles } from './accounts/throttles.ts';
import type { OtpThrottle } from './booking/otp-throttle.ts';
import type { HotelStreamsLookup } from './accounts/exporting-data/hotel-streams.ts';
import type { ImageUploads } from './uploads.ts';

export interface CommandServiceDeps {
  readonly eventStore: EventStore;
  readonly media: MediaStore;
  /** Turns recorded media links into the absolute URLs answers carry. */
  readonly mediaLinks: MediaLinks;
  /** The rooms and bookings of each hotel, for owners' exports (the read side answers). */
  readonly hotelStreams: HotelStreamsLookup;
  readonly tokenIssuer: TokenIssuer;
  readonly tokenVerifier: TokenVerifier;
  /** null when Google sign-in is not configured. */
  readonly google: GoogleIdTokenVerifier | null;
  /**
   * Resolves once every read model reflects the log up to `position` (bounded wait).
   * This is how a client that got a success and then reads sees its own write.
   */
  readonly awaitProjected: (position: number) => Promise<void>;
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  /** Server secret keying OTP hashes (never in the log). */
  readonly otpKey: Buffer;
  /** Names the streams made from emails and phones, under a server secret (never in the log). */
  readonly streamNames: KeyedStreamNames;
  /** The listings' secret calendar feed links; without them the export feed answers 404. */
  readonly calendarFeedLinks?: CalendarFeedLinks;
  readonly now?: () => Date;
}

/** What a handler needs at least: the log and the clock. */
export interface StoreDeps {
  readonly store: EventStore;
  readonly now: () => Date;
}

export interface AccountDeps extends StoreDeps {
  readonly tokens: TokenIssuer;
  readonly passwords: Passwords;
  readonly throttles: AccountThrottles;
  readonly streamNames: KeyedStreamNames;
}

export interface PasswordResetDeps extends AccountDeps {
  readonly mailer: Mailer;
  /** Server secret keying the reset tokens' hashes (the OTP key, under a purpose of their own). */
  readonly resetKey: Buffer;
  /** The public address of the web client, whose reset page the emailed links open. */
  readonly webUrl: string;
}

export interface BookingDeps extends StoreDeps {
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  /** Server secret keying the OTP hashes. */
  readonly otpKey: Buffer;
  /** Wrong OTP tries per client address. */
  readonly otpThrottle: OtpThrottle;
  readonly streamNames: KeyedStreamNames;
}

export interface ResolvedDeps extends CommandServiceDeps {
  readonly now: () => Date;
  readonly accounts: AccountDeps;
  readonly passwordReset: PasswordResetDeps;
  readonly booking: BookingDeps;
  readonly hotels: StoreDeps;
  /** The process's one image line and the media store: what every route taking images uses. */
  readonly images: ImageUploads;
}

/** A use case's route: mounts itself with the context. */
export type CommandRoute = (context: CommandContext) => void;

export interface CommandContext extends MountContext<ResolvedDeps> {
  /** Marks the response with the commit position and waits for the read side to reach it. */
  committed(ctx: Context, position: number | null): Promise<void>;
}
