/** The command service's /healthz follows EventStoreDB: no command can be taken without it. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { expect } from 'chai';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { healthRoute } from '../src/health.ts';

describe('command service health', function () {
  it('is 503 naming the cause while EventStoreDB is down, 200 while it answers', async function () {
    const simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    const store = eventStoreOnSimulation(simulation);
    const app = new Koa();
    app.use(healthRoute(store));
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
    try {
      expect((await fetch(url)).status).to.equal(200);
      simulation.stop();
      const down = await fetch(url);
      expect(down.status).to.equal(503);
      expect(await down.json()).to.deep.equal({
        success: false,
        statusCode: 503,
        message: 'EventStoreDB does not answer: UnavailableError: 14 UNAVAILABLE: No connection established',
      });
      simulation.start();
      expect((await fetch(url)).status).to.equal(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    }
  });
});
