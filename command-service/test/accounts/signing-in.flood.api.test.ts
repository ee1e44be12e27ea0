import { expect } from 'chai';
import { ApiClient, type ApiResponse } from '../../../standalone/test/support/http-client.ts';
import { strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

/** Failed sign-ins an address may make over any emails before it must wait (the per-address throttle). */
const FREE_ATTEMPTS_PER_ADDRESS = 50;
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const statusesOf = (responses: readonly ApiResponse[]) => {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
};

describe('sign-in under a flood, behind the gateway (TRUST_PROXY=1)', function () {
  this.timeout(90_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem({ env: { TRUST_PROXY: '1' } });
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('counts attempts as they arrive: a burst of 120 at once from one address runs at most the free attempts of password checks', async () => {
    const burst = await Promise.all(
      Array.from({ length: 120 }, () => api.post('/user/login', { email: uniqueEmail('sprayed'), password: 'Summer2024!' }, from('203.0.113.60'))),
    );
    const statuses = statusesOf(burst);
    // every 401 is a password check; the rest were refused before any password work
    expect(statuses[401] ?? 0, JSON.stringify(statuses)).to.be.at.most(FREE_ATTEMPTS_PER_ADDRESS);
    expect((statuses[401] ?? 0) + (statuses[429] ?? 0) + (statuses[503] ?? 0), JSON.stringify(statuses)).to.equal(120);
    expect(statuses[401] ?? 0, JSON.stringify(statuses)).to.be.greaterThan(0);
    // past the free attempts, the address gets one try per growing wait: a second burst runs at most one more check
    const again = statusesOf(
      await Promise.all(
        Array.from({ length: 20 }, () => api.post('/user/login', { email: uniqueEmail('sprayed'), password: 'Summer2024!' }, from('203.0.113.60'))),
      ),
    );
    expect(again[401] ?? 0, JSON.stringify(again)).to.be.at.most(1);
    expect(again[429] ?? 0, JSON.stringify(again)).to.be.at.least(19);
  });

  it('lets a guest with a clean record sign in while a flood from 20 addresses keeps the password line full', async () => {
    const email = uniqueEmail('guest');
    const registered = await api.post('/hotel/owner/register', { name: 'Meera Iyer', email, password: strongPassword }, from('192.0.2.40'));
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);

    // 20 addresses × 8 connections, each sending wrong passwords for unknown emails as fast as it is answered
    let flooding = true;
    const floodAnswers: ApiResponse[] = [];
    const flood = Array.from({ length: 160 }, async (_, connection) => {
      const address = `198.51.100.${1 + (connection % 20)}`;
      while (flooding) floodAnswers.push(await api.post('/user/login', { email: uniqueEmail('flood'), password: 'guess-guess' }, from(address)));
    });
    try {
      while (!floodAnswers.some((answer) => answer.status === 503)) await new Promise((resolve) => setTimeout(resolve, 10));
      // the guest tries every half second, waiting for each answer as a person does
      const tries: { status: number; ms: number }[] = [];
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        const response = await api.post('/hotel/owner/login', { email, password: strongPassword }, from('192.0.2.41'));
        tries.push({ status: response.status, ms: Math.round(performance.now() - started) });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 500 - (performance.now() - started))));
      }
      expect(
        tries.map((attempt) => attempt.status),
        JSON.stringify({ tries, flood: statusesOf(floodAnswers) }),
      ).to.deep.equal([200, 200, 200, 200, 200, 200]);
    } finally {
      flooding = false;
      await Promise.all(flood);
    }
    const statuses = statusesOf(floodAnswers);
    expect(statuses[200] ?? 0).to.equal(0);
    expect(statuses[503] ?? 0, 'the flood filled the line').to.be.greaterThan(0);
  });
});
