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

import { cancellationPolicyRequest, freeCancellationUntil, samePolicy } from '../src/index.ts';

describe("cancellation policy: the owner's form", () => {
  const issues = (input: unknown) => {
    const result = cancellationPolicyRequest.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => ({ code: issue.code, path: issue.path.join('.'), message: issue.message }));
  };

  it('reads numbers typed as text, and keeps a percentage only with the percentage charge', () => {
    expect(cancellationPolicyRequest.parse({ freeUntilDaysBefore: '3', lateCharge: { kind: 'first-night', percent: '40' } })).to.deep.equal(
      threeDaysFirstNight,
    );
    expect(cancellationPolicyRequest.parse({ freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: '50' } })).to.deep.equal(oneWeekHalf);
  });

  it('asks for the percentage of a percentage charge, on its field', () => {
    expect(issues({ freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage' } })).to.deep.equal([
      { code: 'custom', path: 'lateCharge.percent', message: 'is required when a late cancellation costs a percentage' },
    ]);
  });

  it('refuses fractions, unknown charges and a missing charge with a message naming the field', () => {
    expect(issues({ freeUntilDaysBefore: 2.5, lateCharge: { kind: 'first-night' } }).map((issue) => issue.path)).to.deep.equal(['freeUntilDaysBefore']);
    expect(issues({ freeUntilDaysBefore: 2, lateCharge: { kind: 'percentage', percent: 12.5 } }).map((issue) => issue.path)).to.deep.equal([
      'lateCharge.percent',
    ]);
    expect(issues({ freeUntilDaysBefore: 2, lateCharge: { kind: 'half' } }).map((issue) => issue.path)).to.deep.equal(['lateCharge.kind']);
    expect(issues({ freeUntilDaysBefore: 2 }).map(({ path, message }) => ({ path, message }))).to.deep.equal([
      { path: 'lateCharge', message: 'must say what a late cancellation costs: the first night, or a percentage' },
    ]);
  });

  it('reads a stored policy of either charge', () => {
    expect(cancellationPolicySchema.parse(threeDaysFirstNight)).to.deep.equal(threeDaysFirstNight);
    expect(cancellationPolicySchema.parse(oneWeekHalf)).to.deep.equal(oneWeekHalf);
  });

  it('tells the same terms from changed ones', () => {
    expect(samePolicy(oneWeekHalf, { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 50 } })).to.equal(true);
    expect(samePolicy(threeDaysFirstNight, { freeUntilDaysBefore: 3, lateCharge: { kind: 'first-night' } })).to.equal(true);
    expect(samePolicy(oneWeekHalf, { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 60 } })).to.equal(false);
    expect(samePolicy(oneWeekHalf, { freeUntilDaysBefore: 6, lateCharge: { kind: 'percentage', percent: 50 } })).to.equal(false);
    expect(samePolicy(oneWeekHalf, { freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } })).to.equal(false);
    expect(samePolicy({ freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } }, oneWeekHalf)).to.equal(false);
  });

  it('reads a first night given as a date-time for the last free day', () => {
    expect(freeCancellationUntil(threeDaysFirstNight, { dateOfCommencement: '2026-12-25T00:00:00.000Z' })).to.equal('2026-12-22');
  });
});
