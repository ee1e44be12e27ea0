import { expect } from 'chai';
import { clientSecurityHeaderValues } from '@stays/service-kit';
import { ApiClient } from './support/http-client.ts';
import { signedInOwner } from './support/accounts.ts';
import { hotelWithRoom } from './support/stays.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

/** Parses a Content-Security-Policy header into directive → sources. */
const cspOf = (headers: Headers): Map<string, string[]> =>
  new Map(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name, ...sources] = directive.split(/\s+/);
        return [name!, sources];
      }),
  );

/** What every answer carries, page, JSON or media alike. */
function expectCommonHeaders(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).to.equal('nosniff');
  expect(headers.get('x-frame-options'), what).to.equal('DENY');
  expect(cspOf(headers).get('frame-ancestors'), what).to.deep.equal(["'none'"]);
  expect(headers.get('referrer-policy'), what).to.equal('strict-origin-when-cross-origin');
}

describe('security headers', function () {
  this.timeout(60_000);

  describe('served over http (npm start)', () => {
    let stays: TestSystem;
    let api: ApiClient;
    let hotelId: string;

    before(async () => {
      stays = await startTestSystem();
      api = new ApiClient(stays.baseUrl);
      ({ hotelId } = await hotelWithRoom(api, await signedInOwner(api)));
    });
    after(async () => stays?.destroy());

    it('on API JSON: reads, commands, refusals and unknown routes, with a CSP that lets nothing load or run', async () => {
      const answers = [
        ['read', await api.get('/hotel/data/get/all/hotels')],
        ['command refused', await api.post('/user/login', { email: 'nobody@example.in', password: 'wrong-password' })],
        ['bad input', await api.raw('POST', '/hotel/owner/register', '{not json', 'application/json')],
        ['unknown route', await api.get('/no/such/route')],
        ['unauthenticated', await api.get('/hotel/owner/get/hotel/id')],
      ] as const;
      for (const [what, answer] of answers) {
        expect(answer.headers.get('content-type'), what).to.match(/^application\/json/);
        expectCommonHeaders(answer.headers, what);
        expect(cspOf(answer.headers).get('default-src'), what).to.deep.equal(["'none'"]);
        expect(answer.headers.get('strict-transport-security'), what).to.equal(null);
      }
    });

    it('on media: images load on pages of other origins (Cross-Origin-Resource-Policy: cross-origin)', async () => {
      const hotel = await api.get(`/hotel/data/get/specific/${hotelId}`);
      const image = await fetch(hotel.body.data.imageURLs[0], { headers: { origin: 'https://client.example.in' } });
      expect(image.status).to.equal(200);
      expect(image.headers.get('content-type')).to.equal('image/webp');
      expectCommonHeaders(image.headers, 'image');
      expect(image.headers.get('cross-origin-resource-policy')).to.equal('cross-origin');
      // JSON stays same-origin for no-cors loads (CORS governs the client's calls)
      expect((await api.get('/hotel/data/get/all/hotels')).headers.get('cross-origin-resource-policy')).to.equal('same-origin');
    });

    it("on the web client's pages: a CSP the built client satisfies, no framing, no Google without its configuration", async () => {
      for (const path of ['/', '/login-user', '/login-hotel-owner', '/assets/no-such-file.js']) {
        const page = await fetch(`${stays.baseUrl}${path}`);
        expectCommonHeaders(page.headers, path);
        const csp = cspOf(page.headers);
        expect(csp.get('default-src'), path).to.deep.equal(["'self'"]);
        expect(csp.get('script-src'), path).to.deep.equal(["'self'"]);
        expect(csp.get('style-src'), path).to.deep.equal(["'self'"]);
        expect(csp.get('object-src'), path).to.deep.equal(["'none'"]);
        expect(csp.get('frame-src'), path).to.deep.equal(["'none'"]);
        expect(csp.get('img-src'), path).to.include.members(["'self'", 'data:', 'blob:', stays.baseUrl]);
        expect(csp.has('upgrade-insecure-requests'), path).to.equal(false);
        expect(page.headers.get('strict-transport-security'), path).to.equal(null);
        expect(page.headers.get('content-security-policy'), path).to.not.contain('google');
      }
      const home = await fetch(`${stays.baseUrl}/login-user`);
      expect(home.headers.get('content-type')).to.match(/^text\/html/);
    });

    it('on the health answer too', async () => {
      const health = await fetch(`${stays.baseUrl}/healthz`);
      expectCommonHeaders(health.headers, '/healthz');
    });

    it("are the ones the production gateway is given for the client's files", async () => {
      const page = await fetch(`${stays.baseUrl}/login-user`);
      const gateway = clientSecurityHeaderValues({ publicUrl: stays.baseUrl, googleSignIn: false });
      expect(Object.keys(gateway)).to.include.members(['Content-Security-Policy', 'X-Frame-Options', 'X-Content-Type-Options', 'Referrer-Policy']);
      for (const [name, value] of Object.entries(gateway)) expect(page.headers.get(name), name).to.equal(value);
    });
  });

  describe('served over https, with Google sign-in configured', () => {
    let stays: TestSystem;

    before(async () => {
      stays = await startTestSystem({ env: { PUBLIC_URL: 'https://stays.example.in', GOOGLE_CLIENT_ID: 'stays-test.apps.googleusercontent.com' } });
    });
    after(async () => stays?.destroy());

    it('sends HSTS on every answer and upgrades insecure requests on pages', async () => {
      for (const url of [`${stays.baseUrl}/`, `${stays.baseUrl}${API}/hotel/data/get/all/hotels`]) {
        const answer = await fetch(url);
        expect(answer.headers.get('strict-transport-security'), url).to.equal('max-age=31536000; includeSubDomains');
      }
      const page = await fetch(`${stays.baseUrl}/login-user`);
      expect(cspOf(page.headers).has('upgrade-insecure-requests')).to.equal(true);
      expect(cspOf(page.headers).get('img-src')).to.include('https://stays.example.in');
    });

    it("lets the client's pages load Google Identity Services, and keep the sign-in popup's opener", async () => {
      const page = await fetch(`${stays.baseUrl}/login-user`);
      const csp = cspOf(page.headers);
      expect(csp.get('script-src')).to.deep.equal(["'self'", 'https://accounts.google.com/gsi/client']);
      expect(csp.get('style-src')).to.deep.equal(["'self'", 'https://accounts.google.com/gsi/style']);
      expect(csp.get('frame-src')).to.deep.equal(['https://accounts.google.com/gsi/']);
      expect(csp.get('connect-src')).to.deep.equal(["'self'", 'https://accounts.google.com/gsi/']);
      expect(csp.get('img-src')).to.include('https://*.googleusercontent.com');
      expect(csp.get('frame-ancestors')).to.deep.equal(["'none'"]);
      expect(page.headers.get('cross-origin-opener-policy')).to.equal('same-origin-allow-popups');
    });
  });
});
