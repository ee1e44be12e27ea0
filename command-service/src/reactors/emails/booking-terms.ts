/**
 * The cancellation terms the booking emails quote: the policy the booking was made under,
 * and the cancellation's charge and refund as decided. Read here, in one place, from what
 * the booking's events record.
 */
import { TERMS_BEFORE_POLICIES, cancellationTermsOf, indiaToday, type CancellationPolicy, type PlacedBooking } from '@stays/contracts';
import type { CancellationForEmails } from './booking-emails.ts';

/** The policy `booking` was made under. */
export const policyOfBooking = (_booking: PlacedBooking): CancellationPolicy => TERMS_BEFORE_POLICIES;

/** The cancellation of `booking`, made at `cancelledAt` (a pay-at-hotel booking that can still be cancelled has paid nothing). */
export function cancellationOfBooking(booking: PlacedBooking, cancelledAt: string): CancellationForEmails {
  const terms = cancellationTermsOf(policyOfBooking(booking), booking, indiaToday(new Date(cancelledAt)));
  return { cancelledAt, chargeAmount: terms.chargeAmount, refundAmount: terms.refundAmount };
}
