import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { TooMany } from '../../src/domain-errors.ts';
import { createOtpThrottle, otpThrottlePolicies } from '../../src/booking/otp-throttle.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22) + seconds * 1000);
const refusal = (attempt: () => void): TooMany => {
  try {
    attempt();
  } catch (error) {
    expect(error).to.be.instanceOf(TooMany);
    return error as TooMany;
  }
  throw new Error('expected a refusal');
};

describe('wrong OTP tries per client address', () => {
  const { freeAttempts } = otpThrottlePolicies.wrongTriesPerClient;

  it('lets the free wrong tries through, then makes the address wait, with 429 and a catalogue message', () => {
    const throttle = createOtpThrottle();
    for (let i = 0; i < freeAttempts; i++) {
      throttle.beforeTry('203.0.113.9', at(i));
      throttle.wrongTry('203.0.113.9', at(i));
    }
    const refused = refusal(() => throttle.beforeTry('203.0.113.9', at(freeAttempts)));
    expect([refused.message, refused.retryAfterSeconds]).to.deep.equal([messages.server.tooManyOtpTriesFromNetwork(29), 29]);
    expect(() => throttle.beforeTry('203.0.113.9', at(freeAttempts + 29))).not.to.throw();
  });

  it('holds back only that address (an IPv6 one by its /64), never the holder typing elsewhere', () => {
    const throttle = createOtpThrottle();
    for (let i = 0; i < freeAttempts; i++) throttle.wrongTry(`2001:db8:1:2::${i.toString(16)}`, at(0));
    refusal(() => throttle.beforeTry('2001:db8:1:2:ffff::1', at(0)));
    expect(() => throttle.beforeTry('2001:db8:1:3::1', at(0))).not.to.throw();
    expect(() => throttle.beforeTry('198.51.100.7', at(0))).not.to.throw();
  });
});
