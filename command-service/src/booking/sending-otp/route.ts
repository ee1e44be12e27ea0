/** POST /hotel/booking/send/email/mobile (spec section 7, "Booking"): a code to the guest's email and phone. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleSendOtp } from './handler.ts';

export const mountSendingOtp: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.sendOtp, async (ctx) => {
    const { position } = await handleSendOtp(deps.booking, authOf(ctx).accountId, ctx.input.body);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpSent, null);
  });
};
