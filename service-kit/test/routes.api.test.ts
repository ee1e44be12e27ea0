/**
 * The route mounter over HTTP: what a table entry declares (role, body kind, upload
 * limits, schemas) is applied before its handler runs, and the handler gets the result
 * as `ctx.input`. Authentication is a stand-in here (the role is a request header); the
 * real one is checked by the product's API tests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa, { type Middleware } from 'koa';
import { expect } from 'chai';
import { messages, routes, type RouteSpec, type Side } from '@stays/contracts';
import { ForbiddenError, UnauthorizedError, createApiRouter, errorHandler, queryMemory, type ApiRouter, type RouteMounter } from '../src/index.ts';

const PREFIX = '/api';

/** Stand-in for `authenticate`: the caller's role is the `X-Role` header. */
const roleHeader =
  (required: string): Middleware =>
  async (ctx, next) => {
    const role = ctx.get('X-Role');
    if (role === '') throw new UnauthorizedError();
    if (required !== 'any' && role !== required) throw new ForbiddenError();
    await next();
  };

const routerFor = (side: Side) => createApiRouter({ prefix: PREFIX, side, authenticate: roleHeader });

/** Mounts a no-op handler for every entry of the side not mounted yet. */
function mountTheRest(router: ApiRouter, side: Side, mounted: readonly RouteSpec[]): void {
  for (const route of Object.values(routes)) {
    if (route.side === side && !mounted.includes(route))
      router.mount(route, async (ctx) => {
        ctx.body = 'unused';
      });
  }
}

describe('the route mounter', () => {
  describe('mounting', () => {
    it('refuses an entry of the other side, an entry mounted twice, and a side with entries left without a handler', () => {
      const router = routerFor('command');
      expect(() => router.mount(routes.allHotels, async () => undefined)).to.throw('route allHotels belongs to the query side, not the command side');
      router.mount(routes.book, async () => undefined);
      expect(() => router.mount(routes.book, async () => undefined)).to.throw('route book is mounted twice');
      expect(() => router.middleware()).to.throw(/no handler mounted for the command routes .*ownerLogin.*markBookingPaid/);
      mountTheRest(router, 'command', [routes.book]);
      expect(router.middleware()).to.have.length(2);
    });
  });

  describe('calls', () => {
    let server: http.Server;
    let base: string;
    const seen: unknown[] = [];

    before(async () => {
      const command = routerFor('command');
      const query = routerFor('query');
      const mounted: RouteSpec[] = [];
      const mountCommand: RouteMounter = (route, handler) => {
        mounted.push(route);
        command.mount(route, handler);
      };
      mountCommand(routes.ownerLogin, async (ctx) => {
        seen.push(ctx.input.body);
        ctx.body = { email: ctx.input.body.email };
      });
      mountCommand(routes.cancelBooking, async (ctx) => {
        seen.push(ctx.input);
        ctx.body = { bookingID: ctx.input.params.bookingID };
      });
      mountCommand(routes.customerRegister, async (ctx) => {
        ctx.body = { username: ctx.input.body.username, files: ctx.input.files.map((file) => [file.field, file.originalName, file.size]) };
      });
      mountTheRest(command, 'command', mounted);
      query.mount(routes.searchRooms, async (ctx) => {
        ctx.body = ctx.input.query;
      });
      query.mount(routes.searchHotels, async (ctx) => {
        // a handler that writes into its checked query: what a later request is handed must not change
        if (ctx.get('X-Tamper') !== '') (ctx.input.query as { page: number }).page = 99;
        ctx.body = ctx.input.query;
      });
      mountTheRest(query, 'query', [routes.searchRooms, routes.searchHotels]);

      const app = new Koa();
      app.use(errorHandler());
      for (const middleware of [...command.middleware(), ...query.middleware()]) app.use(middleware);
      server = http.createServer(app.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const call = async (method: string, path: string, init: { body?: string | FormData; headers?: Record<string, string> } = {}) => {
      const response = await fetch(`${base}${path}`, { method, ...init });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      call('POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

    it('validates a JSON body with the entry schema (400 naming the field) and hands the parsed body to the handler', async () => {
      expect(await postJson('/hotel/owner/login', { email: 'owner@example.in' })).to.deep.equal({
        status: 400,
        body: { success: false, statusCode: 400, message: 'Password is required.', field: 'password' },
      });
      expect(await postJson('/hotel/owner/login', ['not', 'an', 'object'])).to.deep.include({ status: 400 });
      expect((await call('POST', '/hotel/owner/login', { body: 'email=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).to.equal(
        415,
      );
      const answer = await postJson('/hotel/owner/login', { email: '  owner@example.in ', password: 'pass word', extra: 'dropped' });
      expect(answer).to.deep.equal({ status: 200, body: { email: 'owner@example.in' } });
      expect(seen.at(-1)).to.deep.equal({ email: 'owner@example.in', password: 'pass word' });
    });

    it('requires the entry role before reading the body (401 without, 403 with another role), and hands over the path params', async () => {
      expect((await call('POST', '/hotel/booking/cancel/BK-1', { body: '{', headers: { 'content-type': 'application/json' } })).status).to.equal(401);
      expect((await call('POST', '/hotel/booking/cancel/BK-1', { headers: { 'X-Role': 'hotel-owner' } })).status).to.equal(403);
      expect(await call('POST', '/hotel/booking/cancel/BK%2F1', { headers: { 'X-Role': 'customer' } })).to.deep.equal({
        status: 200,
        body: { bookingID: 'BK/1' },
      });
      expect(seen.at(-1)).to.deep.equal({ params: { bookingID: 'BK/1' }, body: undefined, query: undefined, files: [] });
    });

    it('validates the query string with the entry schema, defaults filled in', async () => {
      expect(await call('GET', '/hotel/room/get/search/rooms?roomType=flat,room&unknown=1')).to.deep.equal({
        status: 200,
        body: { roomType: ['Flat', 'Room'], sort: 'created_at', order: 'desc', page: 1, limit: 100 },
      });
      expect(await call('GET', '/hotel/room/get/search/rooms?page=0')).to.deep.include({ status: 400 });
    });

    it('remembers a query string that passed: the same values each time, which no handler can change; one refused is checked and refused again', async () => {
      const search = '/hotel/data/get/search?searchTerm=Pune&page=2&order=asc';
      const first = await call('GET', search);
      expect(first).to.deep.include({ status: 200 });
      expect(first.body).to.include({ searchTerm: 'Pune', page: 2, order: 'asc' });
      // the write fails (a TypeError in strict code, ignored in sloppy code): either way nothing changed
      expect((await call('GET', search, { headers: { 'X-Tamper': '1' } })).body).to.not.include({ page: 99 });
      expect(await call('GET', search)).to.deep.equal(first);
      expect(await call('GET', '/hotel/data/get/search?page=0')).to.deep.include({ status: 400 });
      expect(await call('GET', '/hotel/data/get/search?page=0')).to.deep.include({ status: 400 });
      queryMemory.enabled = false;
      try {
        expect(await call('GET', search)).to.deep.equal(first);
        expect((await call('GET', search, { headers: { 'X-Tamper': '1' } })).body).to.include({ page: 99 });
      } finally {
        queryMemory.enabled = true;
      }
    });

    it('reads a multipart body: fields validated, files of the upload field handed over, other file fields and too many files refused', async () => {
      const form = (files: Record<string, number>) => {
        const data = new FormData();
        data.append('username', 'guest');
        data.append('name', 'A Guest');
        data.append('email', 'guest@example.in');
        data.append('password', 'long enough');
        for (const [field, count] of Object.entries(files)) {
          for (let index = 0; index < count; index += 1) data.append(field, new Blob([new Uint8Array(3)]), `${field}-${index}.png`);
        }
        return data;
      };
      expect(await call('POST', '/user/register', { body: form({ profileImage: 1 }) })).to.deep.equal({
        status: 200,
        body: { username: 'guest', files: [['profileImage', 'profileImage-0.png', 3]] },
      });
      expect((await call('POST', '/user/register', { body: form({ profileImage: 1, avatar: 1 }) })).body).to.deep.include({
        statusCode: 400,
        message: messages.server.invalidField('avatar', 'files are not accepted here'),
      });
      expect((await call('POST', '/user/register', { body: form({ profileImage: 2 }) })).body).to.deep.equal({
        success: false,
        statusCode: 400,
        message: messages.server.oneProfileImage,
        field: 'profileImage',
      });
    });
  });
});
