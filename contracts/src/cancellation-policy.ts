/**
 * A hotel's cancellation policy and what cancelling a booking costs under it: one rule for
 * the decider that records the charge, the screens that show it before the guest confirms,
 * the emails and the invoice.
 *
 * Terms: cancelling is free up to and including the day `freeUntilDaysBefore` days before
 * check-in (India dates); from the day after that until check-in it costs `lateCharge`
 * (the first night, or a percentage of the payable amount). A guest can cancel only before
 * the first night (`whyNotCancellable`), so `freeUntilDaysBefore: 1` means always free.
 * A booking keeps the policy it was made under; one made before hotels had policies was
 * made under `TERMS_BEFORE_POLICIES`, which is always free.
 */
import { z } from 'zod';
import { cancellationPolicy as policyTexts } from './messages.ts';
import { formatRupees } from './money.ts';
import { addDays, indiaToday } from './rules.ts';
import { choice, numberFrom, optional } from './schemas/fields.ts';

export const cancellationPolicyLimits = {
  /** The free period ends at most this many days before check-in. */
  freeUntilDaysBefore: { min: 1, max: 60 },
  /** A late cancellation costs at least 1 % and at most all of the payable amount. */
  percent: { min: 1, max: 100 },
} as const;

export const LATE_CHARGE_KINDS = ['first-night', 'percentage'] as const;
export type LateChargeKind = (typeof LATE_CHARGE_KINDS)[number];

export const cancellationPolicySchema = z.object({
  freeUntilDaysBefore: z
    .number()
    .int()
    .min(cancellationPolicyLimits.freeUntilDaysBefore.min)
    .max(cancellationPolicyLimits.freeUntilDaysBefore.max)
    // Stryker disable next-line StringLiteral: documentation for the OpenAPI document, checked by its own tests (openapi.unit.test.ts), not by these
    .describe('The last free day is this many days before check-in (1: the day before, so always free).'),
  lateCharge: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('first-night') }),
    z.object({ kind: z.literal('percentage'), percent: z.number().int().min(cancellationPolicyLimits.percent.min).max(cancellationPolicyLimits.percent.max) }),
  ]),
});
export type CancellationPolicy = z.output<typeof cancellationPolicySchema>;

const { freeUntilDaysBefore: daysLimits, percent: percentLimits } = cancellationPolicyLimits;

/**
 * POST /hotel/data/cancellation-policy/{hotelID}: the policy as the owner's form sends it
 * (numbers as numbers or numeric text; a percentage only with the percentage charge),
 * refused with a message naming the field.
 */
export const cancellationPolicyRequest = z
  .object({
    freeUntilDaysBefore: numberFrom(daysLimits.min, daysLimits.max, true),
    lateCharge: z.object(
      { kind: choice(LATE_CHARGE_KINDS), percent: optional(numberFrom(percentLimits.min, percentLimits.max, true)) },
      { error: 'must say what a late cancellation costs: the first night, or a percentage' },
    ),
  })
  .transform((request, context): CancellationPolicy => {
    const { kind, percent } = request.lateCharge;
    if (kind === 'first-night') return { freeUntilDaysBefore: request.freeUntilDaysBefore, lateCharge: { kind } };
    if (percent === undefined) {
      context.addIssue({ code: 'custom', path: ['lateCharge', 'percent'], message: 'is required when a late cancellation costs a percentage' });
      return z.NEVER;
    }
    return { freeUntilDaysBefore: request.freeUntilDaysBefore, lateCharge: { kind, percent } };
  });

/** The terms every booking had before owners could set a policy: free until the day before check-in. */
export const TERMS_BEFORE_POLICIES: CancellationPolicy = Object.freeze({ freeUntilDaysBefore: 1, lateCharge: Object.freeze({ kind: 'first-night' }) });

/** The same terms (a policy set again changes nothing). */
export const samePolicy = (a: CancellationPolicy, b: CancellationPolicy): boolean =>
  a.freeUntilDaysBefore === b.freeUntilDaysBefore &&
  a.lateCharge.kind === b.lateCharge.kind &&
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the kinds are equal by the line above and a first-night charge has no percent, so comparing percents alone gives the same answer; the kind tests are there for the type checker
  (a.lateCharge.kind !== 'percentage' || b.lateCharge.kind !== 'percentage' || a.lateCharge.percent === b.lateCharge.percent);

/** What cancelling needs to know of a booking (fields of BookingPlaced and of the booking as screens read it). */
export interface ChargeableBooking {
  /** The first night, YYYY-MM-DD (an ISO date-time's first 10 characters are taken). */
  readonly dateOfCommencement: string;
  readonly numberOfNights: number;
  readonly payableAmount: number;
}

export interface CancellationTerms {
  /** The last day (India date, YYYY-MM-DD) on which cancelling is free. */
  readonly freeUntil: string;
  /** Cancelling on `cancelledOn` costs nothing. */
  readonly free: boolean;
  /** Integer rupees the guest owes for cancelling (0 when free); never more than the payable amount. */
  readonly chargeAmount: number;
  /** Integer rupees to pay back: what was paid beyond the charge (pay-at-hotel bookings have paid nothing). */
  readonly refundAmount: number;
}

/** The last free day of a booking under a policy. */
export const freeCancellationUntil = (policy: CancellationPolicy, booking: Pick<ChargeableBooking, 'dateOfCommencement'>): string =>
  addDays(booking.dateOfCommencement.slice(0, 10), -policy.freeUntilDaysBefore);

/** What a late cancellation of this booking costs, whenever it happens. */
export function lateChargeOf(policy: CancellationPolicy, booking: ChargeableBooking): number {
  const charge =
    policy.lateCharge.kind === 'first-night'
      ? Math.round(booking.payableAmount / Math.max(1, booking.numberOfNights))
      : Math.round((booking.payableAmount * policy.lateCharge.percent) / 100);
  return Math.min(booking.payableAmount, charge);
}

/**
 * The terms of cancelling `booking` on `cancelledOn` (India date) under `policy`.
 * `amountPaid`: integer rupees the guest has paid so far (0 for an unpaid pay-at-hotel booking).
 */
export function cancellationTermsOf(policy: CancellationPolicy, booking: ChargeableBooking, cancelledOn: string, amountPaid = 0): CancellationTerms {
  const freeUntil = freeCancellationUntil(policy, booking);
  const free = cancelledOn <= freeUntil;
  const chargeAmount = free ? 0 : lateChargeOf(policy, booking);
  return { freeUntil, free, chargeAmount, refundAmount: Math.max(0, amountPaid - chargeAmount) };
}

/** The terms of cancelling now (`now` read as an India date). */
export const cancellationTermsNow = (policy: CancellationPolicy, booking: ChargeableBooking, now: Date, amountPaid = 0): CancellationTerms =>
  cancellationTermsOf(policy, booking, indiaToday(now), amountPaid);

/** The policy in words, as the hotel page shows it. */
export function describePolicy(policy: CancellationPolicy): string {
  const late = policy.lateCharge.kind === 'first-night' ? policyTexts.lateFirstNight : policyTexts.latePercentage(policy.lateCharge.percent);
  return `${policyTexts.freePeriod(policy.freeUntilDaysBefore)} ${late}`;
}

/** The policy applied to one booking, as the booking page, the emails and the invoice show it. */
export function describePolicyForBooking(policy: CancellationPolicy, booking: ChargeableBooking): string {
  return `${policyTexts.freeUntilDate(freeCancellationUntil(policy, booking))} ${policyTexts.lateChargeAmount(formatRupees(lateChargeOf(policy, booking)))}`;
}
