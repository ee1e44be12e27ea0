/**
 * Sending an OTP: draws a code from the CSPRNG, records the guest's use of the contact and
 * the code's salted hash, then sends the code by email and SMS. A code neither carried is
 * withdrawn, and the guest is told to try again.
 */
import { nameForMessages, phoneDigits, streams, type SendOtpRequest, messages, routes } from '@stays/contracts';
import { processMetrics, authOf, respond } from '@stays/service-kit';
import type { BookingDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { contactAggregate } from '../contact.ts';
import { guestAggregate } from '../guest.ts';
import { hashOtpCode, nationalNumbersOf, newOtpCode, newSalt } from '../otp-codes.ts';
import { Unavailable } from '../../domain-errors.ts';
import { issueOtp, useContact, withdrawUndeliveredOtp } from './decide.ts';

/**
 * What a guest whose code reached no one is asked to wait (the booking page counts it down): long enough
 * for a dropped connection to a mail server or SMS gateway to be made again, short enough not to lose the guest.
 */
const OTP_RETRY_AFTER_SECONDS = 15;

/** The OTP message: the guest's name as plain, capped text (never a link), then the code. */
export const otpMessageText = (customerName: string, code: string): string =>
  `Dear ${nameForMessages(customerName) || 'guest'}, your Stays verification code is ${code}. It expires in 10 minutes. Do not share it with anyone.`;

export async function handleSendOtp(deps: BookingDeps, customerId: string, input: SendOtpRequest): Promise<Positioned<null>> {
  const code = newOtpCode();
  const salt = newSalt();
  const now = deps.now();
  const metadata = { actor: customerId };
  const contact = deps.streamNames.contactKey(input.customerEmail, nationalNumbersOf(input.customerPhoneNumber)[0]!);
  await handle(deps.store, streams.guest(customerId), guestAggregate, (state) => useContact({ customerId, contactHash: contact, now }, state), metadata);
  const { position } = await handle(
    deps.store,
    streams.contact(contact),
    contactAggregate,
    (state) => issueOtp({ customerId, salt, codeHash: hashOtpCode(deps.otpKey, salt, code), now }, state),
    metadata,
  );
  const text = otpMessageText(input.customerName, code);
  const sent = await Promise.allSettled([
    deps.mailer.send({ to: input.customerEmail, subject: `Your Stays verification code: ${code}`, text }),
    deps.sms.send({ to: `+${phoneDigits(input.customerPhoneNumber)}`, text }),
  ]);
  // One channel is enough: the code reached the guest (a failed channel shows in stays_messages_failed_total).
  if (sent.some((outcome) => outcome.status === 'fulfilled')) {
    processMetrics().otpCodesSent.inc();
    return { value: null, position };
  }
  // It reached no one: withdrawn, so the guest is not held to the wait between codes nor to the day's count for it.
  await handle(
    deps.store,
    streams.contact(contact),
    contactAggregate,
    (state) => withdrawUndeliveredOtp({ customerId, issuedAt: now, now: deps.now() }, state),
    metadata,
  );
  throw new Unavailable(messages.server.otpNotSent, OTP_RETRY_AFTER_SECONDS);
}

/** POST /hotel/booking/send/email/mobile (spec section 7, "Booking"): a code to the guest's email and phone. */
export const mountSendingOtp: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.sendOtp, async (ctx) => {
    const { position } = await handleSendOtp(deps.booking, authOf(ctx).accountId, ctx.input.body);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.otpSent, null);
  });
};
