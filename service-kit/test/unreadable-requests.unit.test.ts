import { expect } from 'chai';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { messages } from '@stays/contracts';
import { answerUnreadableRequests } from '../src/http/unreadable-requests.ts';

/** Sends raw bytes (leaving the socket open when `keepOpen`, as a slow client does) and reads the whole answer. */
const exchange = (port: number, bytes: string, keepOpen = false) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => (keepOpen ? socket.write(bytes) : socket.end(bytes)));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer)).on('error', reject);
  });

describe('requests the HTTP parser cannot read', () => {
  let server: http.Server;
  let port: number;

  before(async () => {
    // a handler that answers only once it has read the whole body, so a body the parser refuses is answered by the refusal
    const handler: http.RequestListener = (request, response) => {
      request.resume();
      request.on('end', () => response.end('{"success":true}'));
    };
    server = answerUnreadableRequests(http.createServer({ requestTimeout: 300, connectionsCheckingInterval: 50 }, handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cases = [
    {
      what: 'an address and headers over 16 KB',
      bytes: `GET /?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      status: 431,
      message: messages.server.requestHeadersTooLarge,
    },
    { what: 'bytes that are not HTTP', bytes: 'HELLO THERE\r\n\r\n', status: 400, message: messages.server.unreadableRequest },
    {
      what: 'chunk extensions over 16 KB',
      bytes: `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;${'e'.repeat(20_000)}\r\nx\r\n0\r\n\r\n`,
      status: 413,
      message: messages.server.payloadTooLarge,
    },
    {
      what: 'a request not received in full in time',
      bytes: 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc',
      status: 408,
      message: messages.server.requestTimedOut,
      keepOpen: true,
    },
  ];
  for (const { what, bytes, status, message, keepOpen } of cases) {
    it(`answers ${what} ${status} in the API envelope`, async () => {
      const [head, body] = (await exchange(port, bytes, keepOpen)).split('\r\n\r\n');
      expect(head).to.match(new RegExp(`^HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n`));
      expect(head).to.include('\r\nContent-Type: application/json; charset=utf-8\r\n').and.include('\r\nConnection: close');
      expect(JSON.parse(body!)).to.deep.equal({ success: false, message, statusCode: status });
    });
  }

  it('answers one sent on a kept-alive connection after a readable request was answered', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        const answered = received === '';
        received += chunk;
        if (answered && received.endsWith('{"success":true}')) socket.end(`GET /?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      socket.on('close', () => resolve(received)).on('error', reject);
    });
    expect(answer).to.match(/^HTTP\/1.1 200 OK\r\n[\s\S]*\{"success":true\}HTTP\/1.1 431 Request Header Fields Too Large\r\n[\s\S]*\r\n\r\n\{"success":false,/);
  });

  it('still answers a readable request as its handler does', async () => {
    expect(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).to.match(/^HTTP\/1.1 200 OK\r\n[\s\S]*\{"success":true\}$/);
  });
});
