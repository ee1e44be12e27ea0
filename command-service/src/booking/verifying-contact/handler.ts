/**
 * Verifying a contact: refuses a client address that typed too many wrong codes, checks
 * the typed code against the contact of the phone's primary reading (with the guest's
 * wrong tries over all contacts), counts a wrong code against the guest and the address,
 * then verifies the number's other readings for the guest too.
 */
import { messages, streams, type VerifyOtpRequest, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { BookingDeps, CommandRoute } from '../../command-context.ts';
import { InvalidInput } from '../../domain-errors.ts';
import { handle, load, type Positioned } from '../../handle.ts';
import { contactAggregate } from '../contact.ts';
import { guestAggregate } from '../guest.ts';
import { hashOtpCode, nationalNumbersOf } from '../otp-codes.ts';
import { recordWrongTry, verifyOtp, verifyReading } from './decide.ts';

export async function handleVerifyOtp(deps: BookingDeps, customerId: string, input: VerifyOtpRequest, client: string): Promise<Positioned<null>> {
  const now = deps.now();
  deps.otpThrottle.beforeTry(client, now);
  const metadata = { actor: customerId };
  const [primary, ...otherReadings] = nationalNumbersOf(input.customerPhoneNumber);
  const primaryHash = deps.streamNames.contactKey(input.customerEmail, primary!);
  // read before the contact's append: parallel wrong tries of one guest on several
  // contacts may each pass it, so a guest may overshoot by the tries in flight (the limit
  // per guest and contact is exact: the contact's append goes at the revision read)
  const guest = await load(deps.store, streams.guest(customerId), guestAggregate);
  const { newEvents, position } = await handle(
    deps.store,
    streams.contact(primaryHash),
    contactAggregate,
    (contact) => verifyOtp({ customerId, hashOf: (salt) => hashOtpCode(deps.otpKey, salt, input.otp), now }, { contact, guest: guest.state }),
    metadata,
  );
  if (newEvents.some((event) => event.type === 'OtpAttemptFailed')) {
    deps.otpThrottle.wrongTry(client, now);
    await handle(deps.store, streams.guest(customerId), guestAggregate, () => recordWrongTry({ customerId, contactHash: primaryHash, now }), metadata);
    throw new InvalidInput(undefined, messages.server.otpInvalid);
  }
  let last = position;
  for (const national of otherReadings) {
    last =
      (await handle(deps.store, deps.streamNames.contact(input.customerEmail, national), contactAggregate, () => verifyReading({ customerId, now }), metadata))
        .position ?? last;
  }
  return { value: null, position: last };
}

/** POST /hotel/booking/verify/email/mobile (spec section 7, "Booking"): the guest proves the email and phone with the code. */
export const mountVerifyingContact: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.verifyOtp, async (ctx) => {
    const { position } = await handleVerifyOtp(deps.booking, authOf(ctx).accountId, ctx.input.body, ctx.ip);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpVerified, null);
  });
};
