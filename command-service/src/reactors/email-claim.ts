/**
 * Who sends a booking's email when several documents reactors compete for its events.
 * The append of InvoiceIssued (with the booking stream's expected revision, so only one
 * consumer's append succeeds) is the claim: the consumer that made it sends the email and
 * records BookingEmailSent. Any other consumer leaves the email alone until the claim is
 * older than the lease: then the claimant died (or stalled for longer than any send takes)
 * between issuing the invoice and recording the email, and the email is sent by whoever
 * holds the event then.
 */
export interface EmailClaim {
  /** This process appended the booking's InvoiceIssued and has not recorded the email yet. */
  readonly claimedHere: boolean;
  /** When the booking's InvoiceIssued was recorded (ISO 8601). */
  readonly invoiceIssuedAt: string;
  readonly now: number;
  readonly leaseMs: number;
}

export function mayEmailNow({ claimedHere, invoiceIssuedAt, now, leaseMs }: EmailClaim): boolean {
  if (claimedHere) return true;
  const issuedAt = Date.parse(invoiceIssuedAt);
  // An unreadable time cannot prove the claim expired: wait for the claimant.
  return Number.isFinite(issuedAt) && now - issuedAt >= leaseMs;
}

/** Another consumer holds the email's claim: the event goes back to the group, to be looked at again later. */
export class EmailClaimedElsewhere extends Error {
  constructor(bookingID: string, retryAfterMs: number) {
    super(
      `booking ${bookingID}: another consumer issued the invoice and sends the email (its claim expires in ${Math.max(0, Math.round(retryAfterMs / 1000))} s)`,
    );
    this.name = 'EmailClaimedElsewhere';
  }
}
