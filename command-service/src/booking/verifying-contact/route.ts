/** POST /hotel/booking/verify/email/mobile (spec section 7, "Booking"): the guest proves the email and phone with the code. */
import { messages, routes, verifyOtpRequest } from '@stays/contracts';
import { authOf, bodyFields, jsonBody, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleVerifyOtp } from './handler.ts';

export const mountVerifyingContact: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.verifyOtp, auth('customer'), jsonBody(), async (ctx) => {
    const input = validate(verifyOtpRequest, bodyFields(ctx));
    const { position } = await handleVerifyOtp(deps.booking, authOf(ctx).accountId, input);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpVerified, null);
  });
};
