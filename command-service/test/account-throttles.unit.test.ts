import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { processMetrics } from '@stays/service-kit';
import { TooMany } from '../src/domain-errors.ts';
import { createBackoff } from '../src/accounts/backoff.ts';
import { clientKey, createAccountThrottles, throttlePolicies } from '../src/accounts/throttles.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22) + seconds * 1000);

describe('backoff per key', () => {
  const policy = { freeAttempts: 3, firstDelayMs: 10_000, maxDelayMs: 60_000, forgiveEveryMs: 600_000 };

  it('lets the free attempts through, then doubles the wait after each attempt up to the cap', () => {
    const backoff = createBackoff(policy);
    for (let i = 0; i < 3; i++) {
      expect(backoff.waitMs('k', at(0))).to.equal(0);
      backoff.record('k', at(0));
    }
    expect(backoff.waitMs('k', at(0))).to.equal(10_000);
    expect(backoff.waitMs('k', at(4))).to.equal(6_000);
    expect(backoff.waitMs('k', at(10))).to.equal(0);
    backoff.record('k', at(10));
    expect(backoff.waitMs('k', at(10))).to.equal(20_000);
    backoff.record('k', at(30));
    backoff.record('k', at(70));
    backoff.record('k', at(130));
    expect(backoff.waitMs('k', at(130))).to.equal(60_000);
    expect(backoff.waitMs('other', at(130))).to.equal(0);
  });

  it('forgives one attempt per quiet period and forgets a key on request', () => {
    const backoff = createBackoff(policy);
    for (let i = 0; i < 4; i++) backoff.record('k', at(0));
    expect(backoff.waitMs('k', at(0))).to.equal(20_000);
    // 10 quiet minutes forgive one attempt: back to the first delay, already waited out
    expect(backoff.waitMs('k', at(600))).to.equal(0);
    backoff.record('k', at(600));
    expect(backoff.waitMs('k', at(600))).to.equal(20_000);
    backoff.forget('k');
    expect(backoff.waitMs('k', at(600))).to.equal(0);
  });

  it('gives back one attempt on request, forgiveness running on as before, and says what is outstanding', () => {
    const backoff = createBackoff(policy);
    for (let i = 0; i < 4; i++) backoff.record('k', at(0));
    expect(backoff.outstanding('k', at(0))).to.equal(4);
    backoff.refund('k');
    expect(backoff.outstanding('k', at(0))).to.equal(3);
    expect(backoff.waitMs('k', at(0))).to.equal(10_000);
    expect(backoff.outstanding('k', at(600))).to.equal(2);
    for (let i = 0; i < 3; i++) backoff.refund('k');
    expect(backoff.outstanding('k', at(0))).to.equal(0);
    backoff.refund('never-seen');
    expect(backoff.outstanding('never-seen', at(0))).to.equal(0);
  });

  it('never keeps a key it has not seen waiting, even under a policy with no free attempts', () => {
    const backoff = createBackoff({ ...policy, freeAttempts: 0 });
    expect(backoff.waitMs('never-seen', at(0))).to.equal(0);
    backoff.record('k', at(0));
    expect(backoff.waitMs('k', at(0))).to.equal(20_000);
  });

  it('keeps at most maxKeys keys, forgetting the least recently used', () => {
    const backoff = createBackoff({ ...policy, freeAttempts: 1, maxKeys: 2 });
    for (const key of ['a', 'b', 'c']) backoff.record(key, at(0));
    expect(['a', 'b', 'c'].map((key) => backoff.waitMs(key, at(0)) > 0)).to.deep.equal([false, true, true]);
  });
});

describe('account throttles', () => {
  const refusal = (attempt: () => void) => {
    try {
      attempt();
      return null;
    } catch (error) {
      expect(error).to.be.instanceOf(TooMany);
      return error as TooMany;
    }
  };

  it('slows one address guessing one account without slowing the owner elsewhere', () => {
    const throttles = createAccountThrottles();
    for (let i = 0; i < throttlePolicies.signInPerEmailAndClient.freeAttempts; i++) {
      throttles.passwordAttempt('owner:ravi@example.in', '203.0.113.9', at(0)).failed(at(0));
    }
    expect(refusal(() => throttles.passwordAttempt('owner:ravi@example.in', '203.0.113.9', at(1)))?.retryAfterSeconds).to.equal(29);
    expect(refusal(() => throttles.passwordAttempt('owner:ravi@example.in', '198.51.100.7', at(1)))).to.equal(null);
    expect(refusal(() => throttles.passwordAttempt('owner:asha@example.in', '203.0.113.9', at(1)))).to.equal(null);
  });

  it('slows one address spraying many accounts, and a success of its own does not clear that', () => {
    const throttles = createAccountThrottles();
    const free = throttlePolicies.signInPerClient.freeAttempts;
    for (let i = 0; i < free - 1; i++) throttles.passwordAttempt(`customer:user${i}@example.in`, '203.0.113.9', at(0)).failed(at(0));
    throttles.passwordAttempt('customer:mine@example.in', '203.0.113.9', at(0)).matched();
    throttles.passwordAttempt('customer:last@example.in', '203.0.113.9', at(0)).failed(at(0));
    expect(refusal(() => throttles.passwordAttempt('customer:fresh@example.in', '203.0.113.9', at(0)))?.retryAfterSeconds).to.equal(1);
    expect(refusal(() => throttles.passwordAttempt('customer:fresh@example.in', '203.0.113.10', at(0)))).to.equal(null);
  });

  it('counts attempts when they arrive: attempts still in flight (or refused as busy) use up the free attempts', () => {
    const throttles = createAccountThrottles();
    const inFlight = Array.from({ length: throttlePolicies.signInPerClient.freeAttempts }, (_, i) =>
      throttles.passwordAttempt(`customer:user${i}@example.in`, '203.0.113.9', at(0)),
    );
    expect(refusal(() => throttles.passwordAttempt('customer:one-more@example.in', '203.0.113.9', at(0)))?.retryAfterSeconds).to.equal(1);
    // a match gives its own attempt back, and only its own
    inFlight[0]!.matched();
    expect(refusal(() => throttles.passwordAttempt('customer:one-more@example.in', '203.0.113.9', at(0)))).to.equal(null);
    expect(refusal(() => throttles.passwordAttempt('customer:two-more@example.in', '203.0.113.9', at(0)))?.retryAfterSeconds).to.equal(1);
  });

  it('says where a caller stands: clean with nothing outstanding from the address and no recent failure on the account', () => {
    const throttles = createAccountThrottles();
    const first = throttles.passwordAttempt('customer:asha@example.in', '198.51.100.7', at(0));
    expect(first.standing).to.equal('clean');
    expect(throttles.passwordAttempt('customer:asha@example.in', '198.51.100.7', at(0)).standing, 'while the first is in flight').to.equal('unproven');

    const failing = createAccountThrottles();
    failing.passwordAttempt('customer:ravi@example.in', '203.0.113.9', at(0)).failed(at(0));
    expect(failing.passwordAttempt('customer:other@example.in', '203.0.113.9', at(1)).standing, 'the address failed').to.equal('unproven');
    expect(failing.passwordAttempt('customer:ravi@example.in', '192.0.2.5', at(1)).standing, 'the account failed').to.equal('unproven');
    expect(failing.passwordAttempt('customer:other@example.in', '192.0.2.6', at(1)).standing).to.equal('clean');
    // the account's one failure is forgiven a minute later
    expect(failing.passwordAttempt('customer:ravi@example.in', '192.0.2.7', at(61)).standing).to.equal('clean');
  });

  it('knows an address that signed in to an account before, one attempt at a time, whatever others do to the account', () => {
    const throttles = createAccountThrottles();
    throttles.passwordAttempt('customer:asha@example.in', '198.51.100.7', at(0)).matched();
    // someone else fails on the account: the account is no longer clean, but asha's own address is still known
    throttles.passwordAttempt('customer:asha@example.in', '203.0.113.9', at(1)).failed(at(1));
    const known = throttles.passwordAttempt('customer:asha@example.in', '198.51.100.7', at(2));
    expect(known.standing).to.equal('known');
    expect(throttles.passwordAttempt('customer:asha@example.in', '198.51.100.7', at(2)).standing, 'while the first is in flight').to.equal('unproven');
    expect(throttles.passwordAttempt('customer:asha@example.in', '198.51.100.8', at(2)).standing, 'another address').to.equal('unproven');
    expect(throttles.passwordAttempt('customer:ravi@example.in', '198.51.100.9', at(2)).standing, 'another account').to.equal('clean');
  });

  it('counts sign-ups per address', () => {
    const throttles = createAccountThrottles();
    for (let i = 0; i < throttlePolicies.signUpPerClient.freeAttempts; i++) throttles.signUp('203.0.113.9', at(0));
    expect(refusal(() => throttles.signUp('203.0.113.9', at(0)))?.message).to.equal(messages.server.tooManySignUps(1));
    expect(refusal(() => throttles.signUp('203.0.113.10', at(0)))).to.equal(null);
  });

  it('doubles the wait between sign-ups from one address, one forgiven each quiet minute', () => {
    const throttles = createAccountThrottles();
    for (let i = 0; i < throttlePolicies.signUpPerClient.freeAttempts; i++) throttles.signUp('203.0.113.9', at(0));
    let now = 0;
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = refusal(() => throttles.signUp('203.0.113.9', at(now)))!.retryAfterSeconds ?? 0;
      waits.push(wait);
      now += wait;
      throttles.signUp('203.0.113.9', at(now));
    }
    expect(waits).to.deep.equal([1, 2, 4, 8, 16, 32, 64, 64, 64, 64, 64, 64]);
  });

  it('limits reset links asked for one email from one address, then from one address over any emails', () => {
    const throttles = createAccountThrottles();
    const { resetRequestsPerEmailAndClient: perPair, resetRequestsPerClient: perClient } = throttlePolicies;
    for (let i = 0; i < perPair.freeAttempts; i++) throttles.resetRequest('customer:asha@example.in', '203.0.113.9', at(0));
    const refused = refusal(() => throttles.resetRequest('customer:asha@example.in', '203.0.113.9', at(0)));
    expect([refused?.message, refused?.retryAfterSeconds]).to.deep.equal([messages.passwordReset.tooManyRequests(60), 60]);
    expect(
      refusal(() => throttles.resetRequest('customer:asha@example.in', '203.0.113.9', at(60))),
      'the first wait served',
    ).to.equal(null);
    expect(
      refusal(() => throttles.resetRequest('customer:asha@example.in', '198.51.100.7', at(0))),
      'the same email from elsewhere',
    ).to.equal(null);
    expect(refusal(() => throttles.resetRequest('customer:asha@example.in', '203.0.113.9', at(90)))?.retryAfterSeconds, 'the second wait').to.equal(90);

    const spraying = createAccountThrottles();
    for (let i = 0; i < perClient.freeAttempts; i++) spraying.resetRequest(`customer:user${i}@example.in`, '203.0.113.9', at(0));
    expect(refusal(() => spraying.resetRequest('customer:fresh@example.in', '203.0.113.9', at(0)))?.retryAfterSeconds).to.equal(1);
    expect(refusal(() => spraying.resetRequest('customer:fresh@example.in', '203.0.113.10', at(0)))).to.equal(null);
  });

  it('sends at most a few reset emails to one account, then one after each wait, and never refuses the request', () => {
    const throttles = createAccountThrottles();
    const sent = (account: string, seconds: number) => throttles.resetEmail(account, at(seconds));
    const free = throttlePolicies.resetEmailsPerAccount.freeAttempts;
    expect(Array.from({ length: free + 1 }, () => sent('customer:asha@example.in', 0))).to.deep.equal([...Array<boolean>(free).fill(true), false]);
    expect(sent('customer:ravi@example.in', 0), 'another account').to.equal(true);
    expect(sent('customer:asha@example.in', 59)).to.equal(false);
    expect(sent('customer:asha@example.in', 60), 'the first wait served').to.equal(true);
    expect(sent('customer:asha@example.in', 60), 'a held-back email is not counted: the next wait is twice as long').to.equal(false);
    expect(sent('customer:asha@example.in', 179)).to.equal(false);
    expect(sent('customer:asha@example.in', 180)).to.equal(true);
  });

  it('counts tries with reset links from an address and gives back those that work', () => {
    const throttles = createAccountThrottles();
    const free = throttlePolicies.resetFailuresPerClient.freeAttempts;
    for (let i = 0; i < free * 2; i++) throttles.resetTry('198.51.100.7', at(0)).succeeded();
    expect(
      refusal(() => throttles.resetTry('198.51.100.7', at(0))),
      'links that worked',
    ).to.equal(null);
    for (let i = 0; i < free; i++) throttles.resetTry('203.0.113.9', at(0));
    const refused = refusal(() => throttles.resetTry('203.0.113.9', at(0)));
    expect([refused?.message, refused?.retryAfterSeconds]).to.deep.equal([messages.passwordReset.tooManyTries(1), 1]);
    expect(
      refusal(() => throttles.resetTry('203.0.113.9', at(1))),
      'the wait served; the refused try was not counted',
    ).to.equal(null);
    expect(refusal(() => throttles.resetTry('203.0.113.9', at(1)))?.retryAfterSeconds, 'the next wait is twice as long').to.equal(2);
  });

  it('counts each refusal under its throttle’s name in the metrics', async () => {
    const counted = async () =>
      Object.fromEntries((await processMetrics().throttled.get()).values.map(({ labels, value }) => [String(labels.throttle), value]));
    const before = await counted();
    const throttles = createAccountThrottles({
      ...throttlePolicies,
      signInPerClient: { ...throttlePolicies.signInPerClient, freeAttempts: 0 },
      signUpPerClient: { ...throttlePolicies.signUpPerClient, freeAttempts: 0 },
      resetRequestsPerClient: { ...throttlePolicies.resetRequestsPerClient, freeAttempts: 0 },
      resetFailuresPerClient: { ...throttlePolicies.resetFailuresPerClient, freeAttempts: 0 },
    });
    throttles.signUp('203.0.113.9', at(0));
    throttles.passwordAttempt('customer:asha@example.in', '203.0.113.9', at(0));
    throttles.resetRequest('customer:asha@example.in', '203.0.113.9', at(0));
    throttles.resetTry('203.0.113.9', at(0));
    for (const attempt of [
      () => throttles.signUp('203.0.113.9', at(0)),
      () => throttles.passwordAttempt('customer:asha@example.in', '203.0.113.9', at(0)),
      () => throttles.resetRequest('customer:asha@example.in', '203.0.113.9', at(0)),
      () => throttles.resetTry('203.0.113.9', at(0)),
    ])
      expect(refusal(attempt)).to.be.instanceOf(TooMany);
    const after = await counted();
    const grown = (throttle: string) => (after[throttle] ?? 0) - (before[throttle] ?? 0);
    expect(['sign-up', 'sign-in', 'reset-request', 'reset-try'].map(grown)).to.deep.equal([1, 1, 1, 1]);
  });

  it('keys IPv4 as itself (also IPv4-mapped) and IPv6 by its /64 network', () => {
    expect(clientKey('127.0.0.1')).to.equal('127.0.0.1');
    expect(clientKey('::ffff:127.0.0.1')).to.equal('127.0.0.1');
    expect(clientKey('2001:db8:1:2::1')).to.equal(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(clientKey('2001:db8:1:2::1')).to.not.equal(clientKey('2001:db8:1:3::1'));
    expect(clientKey('2001:db8:1:2::1')).to.equal('2001:db8:1:2::/64');
    expect(clientKey('not an address'), 'what the socket said, kept as it is').to.equal('not an address');
  });
});
