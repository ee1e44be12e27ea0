/**
 * Verifying a contact with the OTP the guest typed. Every refusal comes before the code is
 * compared, so a refusal never tells whether a code was right: the guest must not be out
 * of wrong tries over all contacts (guest-{customerId}) nor on this contact, and the code
 * must be this guest's own, not expired and not killed. A wrong code is recorded on the
 * contact (`OtpAttemptFailed`: the fifth kills the code, the tenth of a day stops this
 * guest on this contact) and on the guest (`recordWrongTry`: the twentieth of a day stops
 * them on every contact). A right code verifies the email and phone for this guest for 30
 * minutes. Another guest's tries on the contact never refuse this one.
 */
import { limits, messages, type ContactEvent, type GuestEvent } from '@stays/contracts';
import { InvalidInput, TooMany } from '../../domain-errors.ts';
import { VERIFIED_FOR_MS, guestOnContact, secondsUntilTriesAreBack, type ContactState } from '../contact.ts';
import { secondsUntilGuestTriesAreBack, type GuestState } from '../guest.ts';

export interface VerifyOtp {
  readonly customerId: string;
  /** Hashes the code the guest typed with a stored salt (the server key stays with the handler). */
  readonly hashOf: (salt: string) => string;
  readonly now: Date;
}

/** What a verification reads: the contact, and the guest's wrong tries over all contacts. */
export interface VerifyingContext {
  readonly contact: ContactState;
  readonly guest: GuestState;
}

export function verifyOtp(command: VerifyOtp, { contact, guest }: VerifyingContext): ContactEvent[] {
  const now = command.now.getTime();
  const guestTriesBackIn = secondsUntilGuestTriesAreBack(guest, now);
  if (guestTriesBackIn > 0) throw new TooMany(messages.server.otpTooManyTriesForAccount, guestTriesBackIn);
  const mine = guestOnContact(contact, command.customerId);
  const triesBackIn = secondsUntilTriesAreBack(mine, now);
  if (triesBackIn > 0) throw new TooMany(messages.server.otpTooManyTriesToday, triesBackIn);
  const code = mine.code;
  if (code === null || now > code.expiresAt) throw new InvalidInput(undefined, messages.server.otpInvalid);
  if (code.failedAttempts >= limits.otpWrongTriesPerCode) throw new TooMany(messages.server.otpExhausted);
  if (!constantTimeEqual(command.hashOf(code.salt), code.codeHash)) {
    return [{ type: 'OtpAttemptFailed', data: { customerId: command.customerId, failedAt: command.now.toISOString() } }];
  }
  return [verification(command.customerId, command.now)];
}

/** Counts a wrong code against the guest over all contacts; recorded whatever the count, as the try was made. */
export const recordWrongTry = (command: { customerId: string; contactHash: string; now: Date }): GuestEvent[] => [
  { type: 'GuestOtpAttemptFailed', data: { customerId: command.customerId, contactHash: command.contactHash, failedAt: command.now.toISOString() } },
];

/**
 * Another reading of a number the guest just proved to hold ('+7 7012345678' is also
 * '+77 012345678'): that contact is verified for them as well, so a booking that sends
 * the national number matches whichever reading it is.
 */
export const verifyReading = (command: { customerId: string; now: Date }): ContactEvent[] => [verification(command.customerId, command.now)];

const verification = (customerId: string, now: Date): ContactEvent => ({
  type: 'ContactVerified',
  data: { customerId, verifiedUntil: new Date(now.getTime() + VERIFIED_FOR_MS).toISOString() },
});

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
