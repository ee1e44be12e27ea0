import { expect } from 'chai';
import { ApiClient } from './support/http-client.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

/** CORS as a browser on another origin sees it (the spec client's journeys are in compat/). */
describe('CORS for web clients on other origins', function () {
  this.timeout(60_000);

  const preflight = (stays: TestSystem, origin: string, method: string) =>
    fetch(`${stays.baseUrl}${API}/user/delete/account`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization,content-type' },
    });

  describe('with CORS_ORIGINS=*', () => {
    let stays: TestSystem;
    before(async () => {
      stays = await startTestSystem({ env: { CORS_ORIGINS: '*' } });
    });
    after(async () => stays?.destroy());

    it('lets any origin preflight PATCH and DELETE with Authorization and Content-Type, without credentials mode', async () => {
      for (const method of ['PATCH', 'DELETE']) {
        const answer = await preflight(stays, 'https://partner.example.in', method);
        expect(answer.status).to.equal(204);
        expect(answer.headers.get('access-control-allow-origin')).to.equal('https://partner.example.in');
        expect(answer.headers.get('access-control-allow-methods')!.split(',')).to.include(method);
        expect(answer.headers.get('access-control-allow-headers')!.toLowerCase().split(',')).to.include.members(['authorization', 'content-type']);
        expect(answer.headers.get('access-control-allow-credentials')).to.equal(null);
      }
    });

    it("lets the page read answers and refusals, the commit position, an export's size and a data export's file name", async () => {
      const read = await fetch(`${stays.baseUrl}${API}/hotel/data/get/all/hotels`, { headers: { Origin: 'https://partner.example.in' } });
      expect(read.status).to.equal(200);
      expect(read.headers.get('access-control-allow-origin')).to.equal('https://partner.example.in');
      expect(read.headers.get('vary')).to.match(/origin/i);
      const refused = await fetch(`${stays.baseUrl}${API}/user/login`, {
        method: 'POST',
        headers: { Origin: 'https://partner.example.in', 'Content-Type': 'application/json' },
        body: '{"email":"x@example.in","password":"wrong-password"}',
      });
      expect(refused.status).to.equal(401);
      expect(refused.headers.get('access-control-allow-origin')).to.equal('https://partner.example.in');
      expect(refused.headers.get('access-control-expose-headers')!.split(',')).to.include.members([
        'X-Commit-Position',
        'X-Total-Count',
        'Content-Disposition',
        'Retry-After',
        'X-Request-Id',
      ]);
    });
  });

  describe('with no CORS_ORIGINS (same origin only)', () => {
    let stays: TestSystem;
    let api: ApiClient;
    before(async () => {
      stays = await startTestSystem();
      api = new ApiClient(stays.baseUrl);
    });
    after(async () => stays?.destroy());

    it('gives other origins no CORS headers', async () => {
      const answer = await preflight(stays, 'https://partner.example.in', 'DELETE');
      expect(answer.headers.get('access-control-allow-origin')).to.equal(null);
      const read = await fetch(`${stays.baseUrl}${API}/hotel/data/get/all/hotels`, { headers: { Origin: 'https://partner.example.in' } });
      expect(read.headers.get('access-control-allow-origin')).to.equal(null);
    });

    it('answers a CORS preflight only for allowed origins', async () => {
      const preflight = await fetch(api.url('/hotel/owner/update/profile'), {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PATCH' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });
});
