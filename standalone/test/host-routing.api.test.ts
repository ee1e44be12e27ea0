/**
 * The one-process host sends each API call to the side its route table entry names, and a
 * call the table does not know where the gateway would (reads to the query side). Checked
 * over HTTP with two stand-in apps that answer with their side's name.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { expect } from 'chai';
import { API_PREFIX_DEFAULT, routes, type RouteSpec } from '@stays/contracts';
import { createHost, sideOfCall } from '../src/host.ts';

const answering = (side: string) =>
  new Koa().use((ctx) => {
    ctx.set('X-Side', side);
    ctx.body = side;
  });

describe('the one-process host routes by the table', () => {
  let server: http.Server;
  let base: string;

  before(async () => {
    const host = createHost({
      apiPrefix: API_PREFIX_DEFAULT,
      commandApp: answering('command'),
      queryApp: answering('query'),
      security: { publicUrl: 'http://127.0.0.1', googleSignIn: false },
      frontendDir: null,
      operator: (_request, response) => response.writeHead(200, { 'X-Side': 'operator' }).end(),
    });
    server = http.createServer(host.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sideAnswering = async (method: string, path: string) => (await fetch(`${base}${path}`, { method })).headers.get('X-Side');

  it('sends every table entry to its side (GET routes also for HEAD)', async () => {
    for (const [name, route] of Object.entries(routes)) {
      const path = `${API_PREFIX_DEFAULT}${route.path.replace(/:[A-Za-z]+/g, 'ID-1')}`;
      expect(await sideAnswering(route.method, path), name).to.equal(route.side);
      if (route.method === 'GET') expect(await sideAnswering('HEAD', path), `${name} (HEAD)`).to.equal(route.side);
    }
  });

  it("sends calls the table does not know where the gateway does, the operations paths to the query side and the operator's calls to the operator API", async () => {
    expect(await sideAnswering('GET', `${API_PREFIX_DEFAULT}/no/such/call`)).to.equal('query');
    expect(await sideAnswering('POST', `${API_PREFIX_DEFAULT}/no/such/call`)).to.equal('command');
    expect(await sideAnswering('DELETE', `${API_PREFIX_DEFAULT}${routes.allHotels.path}`)).to.equal('command');
    expect(await sideAnswering('GET', '/healthz')).to.equal('query');
    expect(await sideAnswering('GET', '/internal/projected')).to.equal('query');
    expect(await sideAnswering('POST', '/operator/read-models/hotels/build')).to.equal('operator');
    expect(await sideAnswering('GET', '/hotel-details')).to.equal(null);
  });

  it('follows the entry, not the method: an entry on the other side than its method suggests goes to its side', () => {
    const table: Record<string, RouteSpec> = {
      ...routes,
      exportBookings: { method: 'GET', path: '/hotel/owner/export/:hotelID', side: 'command', auth: 'hotel-owner', body: { kind: 'none' } },
    };
    const sideOf = sideOfCall(API_PREFIX_DEFAULT, table);
    expect(sideOf('GET', `${API_PREFIX_DEFAULT}/hotel/owner/export/H-1`)).to.equal('command');
    expect(sideOf('HEAD', `${API_PREFIX_DEFAULT}/Hotel/Owner/Export/H-1/`)).to.equal('command');
    expect(sideOf('GET', `${API_PREFIX_DEFAULT}/hotel/owner/export/H-1/more`)).to.equal('query');
  });
});
