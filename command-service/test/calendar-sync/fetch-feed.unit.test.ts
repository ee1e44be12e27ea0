/**
 * Fetching another site's feed, against local servers: what is refused before any connection
 * (other schemes, private addresses by literal or by name, under the default options), what a
 * fetch answers for each status, the size cap on the declared and on the streamed length, the
 * validators sent and kept, and a failed connection told in the owner's words.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { calendarSyncMessages } from '@stays/contracts';
import { FeedFetchProblem, defaultFetchFeedOptions, fetchFeed, type FetchFeedOptions } from '../../src/calendar-sync/fetch-feed.ts';
import { freePort } from '../../../standalone/test/support/free-port.ts';

const MB = 1024 * 1024;
/** The product's options, but loopback allowed: the sites here are local servers. */
const local: FetchFeedOptions = { ...defaultFetchFeedOptions, allowPrivateAddresses: true };

/** What a fetch ends in: its answer, or the owner's words of its problem. */
async function outcome(url: string, options: FetchFeedOptions = local, validators = {}) {
  try {
    return await fetchFeed(url, validators, options);
  } catch (error) {
    expect(error).to.be.instanceOf(FeedFetchProblem);
    return (error as Error).message;
  }
}

describe('fetching a feed', function () {
  this.timeout(20_000);
  let site: http.Server;
  let base: string;
  let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  const requests: http.IncomingMessage[] = [];

  before(async () => {
    site = http.createServer((request, response) => {
      requests.push(request);
      answer(request, response);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    requests.length = 0;
  });
  after(async () => new Promise<void>((resolve) => site.close(() => resolve())));

  it('refuses, under the default options, a private address by literal or by name, before connecting', async () => {
    answer = (_, response) => response.end('BEGIN:VCALENDAR');
    const port = (site.address() as AddressInfo).port;
    expect(await outcome(`${base}/x.ics`, defaultFetchFeedOptions)).to.equal(calendarSyncMessages.fetchRefusedAddress('127.0.0.1'));
    expect(await outcome(`http://[::1]:${port}/x.ics`, defaultFetchFeedOptions)).to.equal(calendarSyncMessages.fetchRefusedAddress('::1'));
    expect(await outcome(`http://localhost:${port}/x.ics`, defaultFetchFeedOptions)).to.equal(calendarSyncMessages.fetchRefusedAddress('localhost'));
    expect(requests).to.have.length(0);
  });

  it('looks up a name it does not refuse: one that resolves nowhere fails as such, not as a private address', async () => {
    const failed = await outcome('http://stays-feed-test.invalid/x.ics', { ...defaultFetchFeedOptions, timeoutMs: 2000 });
    expect(failed).not.to.equal(calendarSyncMessages.fetchRefusedAddress('stays-feed-test.invalid'));
    expect(failed).to.be.oneOf([calendarSyncMessages.fetchFailed('getaddrinfo ENOTFOUND stays-feed-test.invalid'), calendarSyncMessages.fetchTimedOut(2)]);
  });

  it('refuses any scheme but http and https', async () => {
    for (const url of ['ftp://example.com/x.ics', 'file:///etc/passwd', 'webcal://example.com/x.ics', 'data:text/calendar,BEGIN:VCALENDAR'])
      expect(await outcome(url), url).to.equal(calendarSyncMessages.fetchFailed(calendarSyncMessages.urlNotHttp));
  });

  it('reads a feed with its validators, sends them back, and answers not modified on a 304', async () => {
    answer = (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
      response.writeHead(200, { etag: '"v1"', 'last-modified': 'Sun, 29 Nov 2026 10:00:00 GMT' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    };
    const first = await outcome(`${base}/feed.ics`);
    expect(first).to.deep.equal({ kind: 'fetched', text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', etag: '"v1"', lastModified: 'Sun, 29 Nov 2026 10:00:00 GMT' });
    expect(await outcome(`${base}/feed.ics`, local, { etag: '"v1"', lastModified: 'Sun, 29 Nov 2026 10:00:00 GMT' })).to.deep.equal({ kind: 'not-modified' });
    expect(requests[1]!.headers).to.include({
      'if-none-match': '"v1"',
      'if-modified-since': 'Sun, 29 Nov 2026 10:00:00 GMT',
      'user-agent': 'Stays calendar sync',
      accept: 'text/calendar, */*;q=0.5',
    });
    answer = (_, response) => response.end('BEGIN:VCALENDAR');
    expect(await outcome(`${base}/plain.ics`), 'no validators to keep').to.deep.equal({ kind: 'fetched', text: 'BEGIN:VCALENDAR' });
  });

  it('says which status a site answered other than 200, and a redirect without a location; follows a location of 3xx only', async () => {
    for (const status of [404, 410, 500, 204, 302]) {
      answer = (_, response) => response.writeHead(status).end();
      expect(await outcome(`${base}/x.ics`), String(status)).to.equal(calendarSyncMessages.fetchStatus(status));
    }
    for (const status of [300, 399, 400, 404, 200]) {
      answer = (request, response) =>
        request.url === '/moved.ics' ? response.end('moved here') : response.writeHead(status, { location: '/moved.ics' }).end('not here');
      const expected =
        status === 200
          ? { kind: 'fetched', text: 'not here' }
          : status < 400
            ? { kind: 'fetched', text: 'moved here' }
            : calendarSyncMessages.fetchStatus(status);
      expect(await outcome(`${base}/x.ics`), String(status)).to.deep.equal(expected);
    }
  });

  it('refuses a declared length over the cap at once, without waiting for the body', async () => {
    answer = (_, response) => {
      response.writeHead(200, { 'content-length': 2 * MB });
      response.write('BEGIN:VCALENDAR');
    };
    expect(await outcome(`${base}/declared.ics`, { ...local, timeoutMs: 3000 })).to.equal(calendarSyncMessages.fetchTooLarge(1));
  });

  it('speaks TLS to an https address', async () => {
    answer = (_, response) => response.end('plain http');
    const failed = await outcome(base.replace('http:', 'https:') + '/x.ics');
    expect(failed)
      .to.be.a('string')
      .and.match(/^The calendar could not be fetched: /);
    expect(failed, 'not refused as a scheme, nor sent in plain http').not.to.match(/Protocol|http or https/);
  });

  it('follows at most three redirects, relative ones too', async () => {
    answer = (request, response) => {
      const hop = Number(request.url!.slice(1));
      if (hop < 3) return response.writeHead(301, { location: `/${hop + 1}` }).end();
      response.end(`arrived at ${hop}`);
    };
    expect(await outcome(`${base}/0`)).to.deep.equal({ kind: 'fetched', text: 'arrived at 3' });
    answer = (_, response) => response.writeHead(302, { location: '/again' }).end();
    expect(await outcome(`${base}/again`)).to.equal(calendarSyncMessages.fetchTooManyRedirects(3));
    expect(requests.filter((request) => request.url === '/again')).to.have.length(4);
  });

  it('reads at most 1 MB: refuses a longer declared length before reading, and a longer body while it streams', async () => {
    answer = (request, response) => {
      const [path, query] = request.url!.split('?');
      const size = Number(path!.slice(1));
      if (query === 'chunked') {
        response.writeHead(200);
        for (let sent = 0; sent < size; sent += 64 * 1024) response.write(Buffer.alloc(Math.min(64 * 1024, size - sent), 0x41));
        return response.end();
      }
      response.writeHead(200, { 'content-length': size }).end(Buffer.alloc(size, 0x41));
    };
    expect(((await outcome(`${base}/${MB}`)) as { text: string }).text).to.have.length(MB);
    expect(await outcome(`${base}/${MB + 1}`)).to.equal(calendarSyncMessages.fetchTooLarge(1));
    expect(((await outcome(`${base}/${MB}?chunked`)) as { text: string }).text).to.have.length(MB);
    expect(await outcome(`${base}/${MB + 1}?chunked`)).to.equal(calendarSyncMessages.fetchTooLarge(1));
  });

  it('tells a site that does not answer in time, and one that cannot be reached, in the owner’s words', async () => {
    answer = () => undefined;
    expect(await outcome(`${base}/silent.ics`, { ...local, timeoutMs: 300 })).to.equal(calendarSyncMessages.fetchTimedOut(0.3));
    const closed = await freePort();
    expect(await outcome(`http://127.0.0.1:${closed}/x.ics`)).to.equal(calendarSyncMessages.fetchFailed(`connect ECONNREFUSED 127.0.0.1:${closed}`));
  });
});
