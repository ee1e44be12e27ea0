/** The logger's redaction, the request id's accepted shape, the route label and the metrics endpoint's token. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { acceptedRequestId, createServiceMetrics, loggerInto, requestIdFor, routeLabel, streamCategory, withMetrics } from '../src/index.ts';

describe('observability', () => {
  describe('the logger', () => {
    it('writes JSON lines and redacts secret and personal fields wherever a caller put them', () => {
      const lines: string[] = [];
      const logger = loggerInto((line) => lines.push(line));
      logger.info(
        {
          password: 'monsoon-rains-2024',
          authorization: 'Bearer eyJhbGciOi',
          otp: '493021',
          email: 'asha@example.in',
          user: { phone: '9876543210', resetLink: 'https://stays.example.in/reset-password?token=abc', accountId: 'customer-1' },
          route: '/user/login',
        },
        'request',
      );
      expect(lines).to.have.length(1);
      const line = JSON.parse(lines[0]!);
      expect(line).to.include({ msg: 'request', level: 'info', route: '/user/login', password: '[redacted]', otp: '[redacted]', email: '[redacted]' });
      expect(line.user).to.deep.equal({ phone: '[redacted]', resetLink: '[redacted]', accountId: 'customer-1' });
      for (const secret of ['monsoon', 'eyJhbGciOi', '493021', 'asha@', '9876543210', 'token=abc']) expect(lines[0]).not.to.include(secret);
    });
  });

  describe('the request id', () => {
    it('keeps 1–64 letters, digits, dots, underscores and dashes, and nothing else', () => {
      for (const kept of ['a', 'gateway.req-42_a', '0f8fad5b-d9cb-469f-a165-70867728950e', 'x'.repeat(64)]) expect(acceptedRequestId(kept)).to.equal(kept);
      for (const refused of ['', 'x'.repeat(65), 'two words', 'line\nbreak', '{"json":1}', 'ümlaut', undefined, ['a', 'b']]) {
        expect(acceptedRequestId(refused), String(refused)).to.equal(undefined);
      }
    });

    it('makes a new one when the incoming one is refused', () => {
      expect(requestIdFor('bad id')).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(requestIdFor(undefined)).not.to.equal(requestIdFor(undefined));
    });
  });

  describe('the labels', () => {
    it('names a request by its route pattern without the API prefix, and a path no route serves as unmatched', () => {
      expect(routeLabel('/sharma/resident/stays/hotel/data/get/specific/:hotelID', '/sharma/resident/stays')).to.equal('/hotel/data/get/specific/:hotelID');
      expect(routeLabel('/healthz', '/sharma/resident/stays')).to.equal('/healthz');
      expect(routeLabel(undefined, '/sharma/resident/stays')).to.equal('unmatched');
    });

    it('names a stream by its category', () => {
      expect(streamCategory('booking-BK123')).to.equal('booking');
      expect(streamCategory('inventory-66a1-2')).to.equal('inventory');
      expect(streamCategory('settings')).to.equal('settings');
    });
  });

  describe('the metrics endpoint', () => {
    it('asks for METRICS_TOKEN when it is set, and passes other paths on', async () => {
      const metrics = createServiceMetrics({ defaults: false });
      metrics.appends.inc({ category: 'booking' });
      const server = http.createServer(withMetrics({ registry: metrics.registry, token: 'scrape-secret' }, (_req, res) => res.writeHead(204).end()));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        expect((await fetch(`${base}/metrics`)).status).to.equal(401);
        expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).to.equal(401);
        const scraped = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
        expect(scraped.status).to.equal(200);
        expect(await scraped.text()).to.include('stays_event_appends_total{category="booking"} 1');
        expect((await fetch(`${base}/healthz`)).status).to.equal(204);
      } finally {
        server.close();
      }
    });
  });
});
