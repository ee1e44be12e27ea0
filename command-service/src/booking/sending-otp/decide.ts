/**
 * Sending an OTP for an email and phone. The guest may use at most 10 distinct contacts
 * in any 24 hours, and not once they made their wrong tries of the day over all contacts
 * (`useContact`, guest-{customerId}). The contact gets a new code for this guest unless the
 * guest made their wrong tries of the day on it, or asked it 10 codes that day, or any
 * guest's code went to it less than 29 seconds ago (`issueOtp`, contact-{hash}). Only what
 * this guest did counts, bar those 29 seconds: a stranger cannot lock the holder out.
 * Only a salted hash of the code is ever recorded. A code that neither the email nor the
 * SMS carried is withdrawn (`withdrawUndeliveredOtp`): the guest may ask again at once.
 */
import { limits, messages, type ContactEvent, type GuestEvent } from '@stays/contracts';
import { TooMany } from '../../domain-errors.ts';
import { OTP_LIFETIME_MS, guestOnContact, secondsUntilTriesAreBack, type ContactState } from '../contact.ts';
import { DAY_MS, secondsUntilUnderDailyLimit } from '../daily-window.ts';
import { secondsUntilGuestTriesAreBack, type GuestState } from '../guest.ts';

/** Records that the guest asks a code for a contact; refuses an 11th distinct contact within 24 hours, and a guest out of wrong tries. */
export function useContact(command: { customerId: string; contactHash: string; now: Date }, state: GuestState): GuestEvent[] {
  const now = command.now.getTime();
  // codes a guest may no longer try would only be messages to someone else's phone
  const triesBackIn = secondsUntilGuestTriesAreBack(state, now);
  if (triesBackIn > 0) throw new TooMany(messages.server.otpTooManyTriesForAccount, triesBackIn);
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

/**
 * A new code for this guest, replacing only their own earlier one. The guest's own limits
 * come first (they last the longest); the 29 seconds between codes to the contact are
 * shared by every guest, so a stranger's code makes the holder wait that long at most.
 */
export function issueOtp(command: IssueOtp, state: ContactState): ContactEvent[] {
  const now = command.now.getTime();
  const guest = guestOnContact(state, command.customerId);
  const triesBackIn = secondsUntilTriesAreBack(guest, now);
  if (triesBackIn > 0) throw new TooMany(messages.server.otpTooManyTriesToday, triesBackIn);
  const codesBackIn = secondsUntilUnderDailyLimit(guest.codesIssued, limits.otpCodesPerGuestAndContactPerDay, now);
  if (codesBackIn > 0) throw new TooMany(messages.server.otpTooManyCodesToday(limits.otpCodesPerGuestAndContactPerDay), codesBackIn);
  if (state.lastIssuedAt !== null) {
    const waitMs = state.lastIssuedAt + limits.otpResendSeconds * 1000 - now;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new TooMany(messages.server.otpResendTooSoon(seconds), seconds);
    }
  }
  return [
    {
      type: 'OtpIssued',
      data: {
        customerId: command.customerId,
        salt: command.salt,
        codeHash: command.codeHash,
        issuedAt: command.now.toISOString(),
        expiresAt: new Date(now + OTP_LIFETIME_MS).toISOString(),
      },
    },
  ];
}

/**
 * The guest's code issued at `issuedAt` reached no one (email and SMS both failed): it is
 * withdrawn, so the guest may ask again at once and it counts against no limit. Nothing to
 * record when that code is no longer the guest's.
 */
export function withdrawUndeliveredOtp(command: { customerId: string; issuedAt: Date; now: Date }, state: ContactState): ContactEvent[] {
  const issuedAt = command.issuedAt.getTime();
  if (guestOnContact(state, command.customerId).code?.issuedAt !== issuedAt) return [];
  return [
    {
      type: 'OtpNotDelivered',
      data: { customerId: command.customerId, issuedAt: command.issuedAt.toISOString(), failedAt: command.now.toISOString() },
    },
  ];
}
