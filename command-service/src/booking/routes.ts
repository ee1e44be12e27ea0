/** Booking over HTTP (spec section 7, "Booking"), plus cancelling and recording payment. */
import { bookRequest, messages, routes, sendOtpRequest, verifyOtpRequest } from '@stays/contracts';
import { authOf, bodyFields, jsonBody, respond, validate } from '@stays/service-kit';
import type { CommandContext } from '../command-context.ts';
import * as booking from './service.ts';

export function mountBookingRoutes(context: CommandContext): void {
  const { deps, mount, auth, committed } = context;
  const bookingDeps = deps.booking;

  mount(routes.sendOtp, auth('customer'), jsonBody(), async (ctx) => {
    const input = validate(sendOtpRequest, bodyFields(ctx));
    const { position } = await booking.sendOtp(bookingDeps, authOf(ctx), input);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpSent, null);
  });

  mount(routes.verifyOtp, auth('customer'), jsonBody(), async (ctx) => {
    const input = validate(verifyOtpRequest, bodyFields(ctx));
    const { position } = await booking.confirmOtp(bookingDeps, authOf(ctx), input);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpVerified, null);
  });

  mount(routes.book, auth('customer'), jsonBody(), async (ctx) => {
    const input = validate(bookRequest, bodyFields(ctx));
    const { value, position } = await booking.bookStay(bookingDeps, authOf(ctx), input);
    await committed(ctx, position);
    respond(ctx, 201, messages.server.bookingPlaced, value);
  });

  mount(routes.cancelBooking, auth('customer'), jsonBody(), async (ctx) => {
    const { position } = await booking.cancelStay(bookingDeps, authOf(ctx), ctx.params.bookingID!);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingCancelled, null);
  });

  mount(routes.markBookingPaid, auth('hotel-owner'), jsonBody(), async (ctx) => {
    const { position } = await booking.recordPayment(bookingDeps, authOf(ctx), ctx.params.bookingID!);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingMarkedPaid, null);
  });
}
