/** POST /hotel/booking/send/email/mobile (spec section 7, "Booking"): a code to the guest's email and phone. */
import { messages, routes, sendOtpRequest } from '@stays/contracts';
import { authOf, bodyFields, jsonBody, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleSendOtp } from './handler.ts';

export const mountSendingOtp: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.sendOtp, auth('customer'), jsonBody(), async (ctx) => {
    const input = validate(sendOtpRequest, bodyFields(ctx));
    const { position } = await handleSendOtp(deps.booking, authOf(ctx).accountId, input);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpSent, null);
  });
};
