/**
 * Sending an OTP for an email and phone: the guest may use at most 10 distinct contacts
 * in any 24 hours (`useContact`, guest-{customerId}), and the contact gets a new code
 * unless its last one is under 29 seconds old or it used up its wrong tries for the day
 * (`issueOtp`, contact-{hash}). Only a salted hash of the code is ever recorded.
 */
import { limits, messages, type ContactEvent, type GuestEvent } from '@stays/contracts';
import { TooMany } from '../../domain-errors.ts';
import { DAY_MS, OTP_LIFETIME_MS, secondsUntilTriesAreBack, type ContactState } from '../contact.ts';
import type { GuestState } from '../guest.ts';

/** Records that the guest asks a code for a contact; refuses an 11th distinct contact within 24 hours. */
export function useContact(command: { customerId: string; contactHash: string; now: Date }, state: GuestState): GuestEvent[] {
  const now = command.now.getTime();
  const recent = [...state.contactsUsed].filter(([, time]) => time > now - DAY_MS);
  const isNew = !recent.some(([contact]) => contact === command.contactHash);
  if (isNew && recent.length >= limits.otpContactsPerGuestPerDay) {
    const freeAgainAt = Math.min(...recent.map(([, time]) => time)) + DAY_MS;
    throw new TooMany(messages.server.otpTooManyContacts(limits.otpContactsPerGuestPerDay), Math.max(1, Math.ceil((freeAgainAt - now) / 1000)));
  }
  return [{ type: 'GuestContactUsed', data: { customerId: command.customerId, contactHash: command.contactHash, usedAt: command.now.toISOString() } }];
}

export interface IssueOtp {
  readonly customerId: string;
  readonly salt: string;
  /** The code's hash with `salt` (the code itself never reaches a decision). */
  readonly codeHash: string;
  readonly now: Date;
}

/** A new code, unless the last one was sent less than 29 seconds ago, or the contact has used up its wrong tries for the day. */
export function issueOtp(command: IssueOtp, state: ContactState): ContactEvent[] {
  const now = command.now.getTime();
  if (state.code !== null) {
    const waitMs = state.code.issuedAt + limits.otpResendSeconds * 1000 - now;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new TooMany(messages.server.otpResendTooSoon(seconds), seconds);
    }
  }
  const triesBackIn = secondsUntilTriesAreBack(state, now);
  if (triesBackIn > 0) throw new TooMany(messages.server.otpTooManyTriesToday, triesBackIn);
  return [{
    type: 'OtpIssued',
    data: {
      customerId: command.customerId, salt: command.salt, codeHash: command.codeHash,
      issuedAt: command.now.toISOString(), expiresAt: new Date(now + OTP_LIFETIME_MS).toISOString(),
    },
  }];
}
