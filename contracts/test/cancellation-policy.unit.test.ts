import { expect } from 'chai';
import {
  cancellationTermsNow,
  cancellationTermsOf,
  describePolicy,
  describePolicyForBooking,
  TERMS_BEFORE_POLICIES,
  cancellationPolicySchema,
  type CancellationPolicy,
} from '../src/index.ts';

const booking = { dateOfCommencement: '2026-12-25', numberOfNights: 3, payableAmount: 9_000 };
const threeDaysFirstNight: CancellationPolicy = { freeUntilDaysBefore: 3, lateCharge: { kind: 'first-night' } };
const oneWeekHalf: CancellationPolicy = { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 50 } };

describe('cancellation policy', () => {
  it('is free up to and including the last free day, and charges from the next day', () => {
    expect(cancellationTermsOf(threeDaysFirstNight, booking, '2026-12-22')).to.deep.equal({
      freeUntil: '2026-12-22',
      free: true,
      chargeAmount: 0,
      refundAmount: 0,
    });
    expect(cancellationTermsOf(threeDaysFirstNight, booking, '2026-12-23')).to.deep.equal({
      freeUntil: '2026-12-22',
      free: false,
      chargeAmount: 3_000,
      refundAmount: 0,
    });
    expect(cancellationTermsOf(oneWeekHalf, booking, '2026-12-24').chargeAmount).to.equal(4_500);
  });

  it('rounds the first night to whole rupees and never charges more than the payable amount', () => {
    expect(cancellationTermsOf(threeDaysFirstNight, { ...booking, payableAmount: 10_000 }, '2026-12-24').chargeAmount).to.equal(3_333);
    const all: CancellationPolicy = { freeUntilDaysBefore: 60, lateCharge: { kind: 'percentage', percent: 100 } };
    expect(cancellationTermsOf(all, booking, '2026-12-24').chargeAmount).to.equal(9_000);
  });

  it('pays back what was paid beyond the charge', () => {
    expect(cancellationTermsOf(threeDaysFirstNight, booking, '2026-12-24', 9_000).refundAmount).to.equal(6_000);
    expect(cancellationTermsOf(threeDaysFirstNight, booking, '2026-12-01', 9_000).refundAmount).to.equal(9_000);
  });

  it('keeps the terms before policies free on every day a booking can be cancelled', () => {
    expect(cancellationTermsOf(TERMS_BEFORE_POLICIES, booking, '2026-12-24').free).to.equal(true);
    expect(cancellationTermsOf(TERMS_BEFORE_POLICIES, booking, '2026-12-25').free).to.equal(false);
  });

  it('reads the day of cancelling in India time', () => {
    // 2026-12-22 19:00 UTC is already 23 December in India
    expect(cancellationTermsNow(threeDaysFirstNight, booking, new Date('2026-12-22T19:00:00Z')).free).to.equal(false);
    expect(cancellationTermsNow(threeDaysFirstNight, booking, new Date('2026-12-22T18:00:00Z')).free).to.equal(true);
  });

  it('says the policy in words', () => {
    expect(describePolicy(TERMS_BEFORE_POLICIES)).to.equal('Free cancellation until the day before check-in. After that, cancelling costs the first night.');
    expect(describePolicy(oneWeekHalf)).to.equal('Free cancellation until 7 days before check-in. After that, cancelling costs 50% of the stay.');
    expect(describePolicyForBooking(threeDaysFirstNight, booking)).to.equal(
      'Free cancellation until the end of 2026-12-22 (India time). After that, cancelling costs ₹3,000.',
    );
  });

  it('accepts only whole days and percentages within bounds', () => {
    expect(cancellationPolicySchema.safeParse({ freeUntilDaysBefore: 0, lateCharge: { kind: 'first-night' } }).success).to.equal(false);
    expect(cancellationPolicySchema.safeParse({ freeUntilDaysBefore: 2.5, lateCharge: { kind: 'first-night' } }).success).to.equal(false);
    expect(cancellationPolicySchema.safeParse({ freeUntilDaysBefore: 2, lateCharge: { kind: 'percentage', percent: 101 } }).success).to.equal(false);
    expect(cancellationPolicySchema.safeParse({ freeUntilDaysBefore: 2, lateCharge: { kind: 'percentage', percent: 30 } }).success).to.equal(true);
  });
});
