/**
 * Who sends a booking's email when several documents reactors compete for its events.
 * Each email has a claim that exactly one consumer can win, recorded at a known time:
 *
 * - the guest's confirmation: the append of InvoiceIssued (with the booking stream's
 *   expected revision, so only one consumer's append succeeds);
 * - each notice (owner's new booking, guest's and owner's cancellation): the append of
 *   BookingNoticeClaimed for it, with the same expected revision, just before it is sent.
 *
 * The consumer that won the claim sends the email and records it. Any other consumer leaves
 * the email alone until the claim is older than the lease: then the claimant died (or
 * stalled for longer than any send takes) before recording the email, and the email is
 * sent by whoever holds the event then.
 */
export interface EmailClaim {
  /** This process won the claim and has not recorded the email yet. */
  readonly claimedHere: boolean;
  /** When the claim was recorded (ISO 8601). */
  readonly claimedAt: string;
  readonly now: number;
  readonly leaseMs: number;
}

export function mayEmailNow({ claimedHere, claimedAt, now, leaseMs }: EmailClaim): boolean {
  if (claimedHere) return true;
  const at = Date.parse(claimedAt);
  // An unreadable time cannot prove the claim expired: wait for the claimant.
  return Number.isFinite(at) && now - at >= leaseMs;
}

/** Another consumer holds the email's claim: the event goes back to the group, to be looked at again later. */
export class EmailClaimedElsewhere extends Error {
  constructor(bookingID: string, email: string, retryAfterMs: number) {
    super(`booking ${bookingID}: another consumer claimed the ${email} (its claim expires in ${Math.max(0, Math.round(retryAfterMs / 1000))} s)`);
    this.name = 'EmailClaimedElsewhere';
  }
}
