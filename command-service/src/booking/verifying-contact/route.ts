/** POST /hotel/booking/verify/email/mobile (spec section 7, "Booking"): the guest proves the email and phone with the code. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleVerifyOtp } from './handler.ts';

export const mountVerifyingContact: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.verifyOtp, async (ctx) => {
    const { position } = await handleVerifyOtp(deps.booking, authOf(ctx).accountId, ctx.input.body, ctx.ip);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpVerified, null);
  });
};
