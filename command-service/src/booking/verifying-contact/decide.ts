/**
 * Verifying a contact with the OTP the guest typed. The code must be this guest's and not
 * expired; a wrong code is recorded (`OtpAttemptFailed`): the fifth wrong one kills the
 * code, and the tenth of a day stops every try on this contact until a day after the first.
 * A right code verifies the email and phone for this guest for 30 minutes.
 */
import { limits, messages, type ContactEvent } from '@stays/contracts';
import { InvalidInput, TooMany } from '../../domain-errors.ts';
import { VERIFIED_FOR_MS, secondsUntilTriesAreBack, type ContactState } from '../contact.ts';

export interface VerifyOtp {
  readonly customerId: string;
  /** Hashes the code the guest typed with a stored salt (the server key stays with the handler). */
  readonly hashOf: (salt: string) => string;
  readonly now: Date;
}

export function verifyOtp(command: VerifyOtp, state: ContactState): ContactEvent[] {
  const code = state.code;
  const now = command.now.getTime();
  if (code === null || code.customerId !== command.customerId || now > code.expiresAt) {
    throw new InvalidInput(undefined, messages.server.otpInvalid);
  }
  const triesBackIn = secondsUntilTriesAreBack(state, now);
  if (triesBackIn > 0) throw new TooMany(messages.server.otpTooManyTriesToday, triesBackIn);
  if (code.failedAttempts >= limits.otpWrongTriesPerCode) throw new TooMany(messages.server.otpExhausted);
  if (!constantTimeEqual(command.hashOf(code.salt), code.codeHash)) {
    return [{ type: 'OtpAttemptFailed', data: { customerId: command.customerId, failedAt: command.now.toISOString() } }];
  }
  return [verification(command.customerId, command.now)];
}

/**
 * Another reading of a number the guest just proved to hold ('+7 7012345678' is also
 * '+77 012345678'): that contact is verified for them as well, so a booking that sends
 * the national number matches whichever reading it is.
 */
export const verifyReading = (command: { customerId: string; now: Date }): ContactEvent[] => [verification(command.customerId, command.now)];

const verification = (customerId: string, now: Date): ContactEvent =>
  ({ type: 'ContactVerified', data: { customerId, verifiedUntil: new Date(now.getTime() + VERIFIED_FOR_MS).toISOString() } });

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
