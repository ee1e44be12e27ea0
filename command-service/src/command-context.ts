/**
 * What every route module of the command service gets: its dependencies, a way to mount
 * a contracts route, the auth middleware, and `committed` for read-your-writes.
 */
import type { Context, Middleware } from 'koa';
import type { EventStore } from '@stays/event-store';
import type { Auth, RouteSpec } from '@stays/contracts';
import type { Mailer, MediaLinks, MediaStore, SmsSender, TokenIssuer, TokenVerifier } from '@stays/service-kit';
import type { BookingDeps } from './booking/service.ts';
import type { AccountDeps } from './accounts/service.ts';
import type { GoogleIdTokenVerifier } from './accounts/google.ts';

export interface CommandServiceDeps {
  readonly eventStore: EventStore;
  readonly media: MediaStore;
  /** Turns recorded media links into the absolute URLs answers carry. */
  readonly mediaLinks: MediaLinks;
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
  readonly now?: () => Date;
}

export interface ResolvedDeps extends CommandServiceDeps {
  readonly accounts: AccountDeps;
  readonly booking: BookingDeps;
}

export interface CommandContext {
  readonly deps: ResolvedDeps;
  mount(route: RouteSpec, ...middleware: Middleware[]): void;
  auth(required: Exclude<Auth, 'none'>): Middleware;
  /** Marks the response with the commit position and waits for the read side to reach it. */
  committed(ctx: Context, position: number | null): Promise<void>;
}
