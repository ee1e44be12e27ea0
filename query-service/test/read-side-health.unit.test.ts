/**
 * The query service's /healthz in production, where the projections run in another
 * process: it reads the worker's health reports beside the checkpoints, so it turns
 * unhealthy when the projections lose the log, fall behind or stop reporting (died), and
 * healthy again when they follow the log.
 */
import http from 'node:http';
import { expect } from 'chai';
import { getJson, listen } from '@stays/service-kit/testing';
import { generateKeyPair } from 'jose';
import type { EventStore } from '@stays/event-store';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { withTransientBulkWriteFaults } from '@stays/read-store/test-support/transient-faults';
import { MediaLinks, TokenVerifier, createFileMediaStore } from '@stays/service-kit';
import { HEALTH_REPORT_MAX_AGE_MS, ProjectionRunner, checkpointProgress, versionName, writeVersions } from '@stays/projections';
import { ReadStoreTreeHeadStore } from '@stays/notary';
import { appendLedger, projections, quiet, until } from '@stays/projections/test-support/ledger';
import { createQueryApp } from '../src/app.ts';

const names = projections.map((projection) => projection.name);
/** The ledger projections as version 1 of read models of their names, live in the registry: what the query side resolves. */
const liveVersions = projections.map((projection) => ({ ...projection, name: versionName(projection.name, 1) }));
const register = (readStore: ReadStore) =>
  Promise.all(
    names.map((name) =>
      writeVersions(readStore, name, [
        { version: 1, schema: 1, state: 'live', goLiveWhenCaughtUp: false, collections: [], createdAt: new Date().toISOString() },
      ]),
    ),
  );

describe('query side health follows the projections worker', function () {
  let simulation: SimulatedEventStoreDB;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let runner: ProjectionRunner;
  let querySide: { url: string; close: () => Promise<void> };
  let logs: string[];

  beforeEach(async function () {
    simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    eventStore = eventStoreOnSimulation(simulation);
    readStore = createEmbeddedReadStore();
    await register(readStore);
    logs = [];
    querySide = await listen(await queryService(readStore, (line) => logs.push(line)));
  });

  afterEach(async function () {
    await runner?.stop();
    await querySide.close();
    await eventStore.close();
  });

  it('503 while the projections are catching up, out of reach of the log, behind, or silent; 200 while they follow', async function () {
    const maxLagMs = 200;
    let failing = false;
    await appendLedger(eventStore, 0, 20);
    runner = new ProjectionRunner(eventStore, withTransientBulkWriteFaults(readStore, { failsAt: () => failing, partial: false }), liveVersions, {
      backoff: { initialDelayMs: 1, maxDelayMs: 5 },
      log: quiet,
    });
    const report = () => runner.publishHealth(maxLagMs);

    const before = await getJson(querySide, '/healthz');
    expect(before.status).to.equal(503);
    expect(before.body.data.projections.map((projection: { reason: string }) => projection.reason)).to.deep.equal(['no checkpoint yet', 'no checkpoint yet']);

    await runner.start();
    await runner.whenCaughtUp();
    expect((await getJson(querySide, '/healthz')).status).to.equal(503); // caught up, but the worker has not reported yet
    await report();
    expect((await getJson(querySide, '/healthz')).status).to.equal(200);

    simulation.stop();
    await until(() => runner.status().every((projection) => projection.subscription === 'retrying'), 'the subscriptions to notice');
    await report();
    const down = await getJson(querySide, '/healthz');
    expect(down.status).to.equal(503);
    expect(down.body.data.projections[0].reason).to.match(/^retrying: UnavailableError: 14 UNAVAILABLE/);

    simulation.start();
    await until(async () => (await runner.health(maxLagMs)).healthy, 'the projections to resume');
    await report();
    expect((await getJson(querySide, '/healthz')).status).to.equal(200);

    failing = true;
    await appendLedger(eventStore, 20, 2);
    await until(async () => !(await runner.health(maxLagMs)).healthy, 'the projections to fall behind');
    await report();
    const behind = await getJson(querySide, '/healthz');
    expect(behind.status).to.equal(503);
    expect(behind.body.data.projections[0].reason).to.match(/^live: ReadStoreUnavailableError: .* \(\d+ s behind\)$/);
    failing = false;
    await until(async () => (await runner.health(maxLagMs)).healthy, 'the projections to catch up');
    await report();
    expect((await getJson(querySide, '/healthz')).status).to.equal(200);

    // The worker dies: its last report grows stale.
    const later = Date.now() + HEALTH_REPORT_MAX_AGE_MS + 1000;
    const stale = await checkpointProgress(readStore, names).health(later);
    expect(stale.healthy).to.equal(false);
    expect(stale.projections[0]!.reason).to.match(/^no report from the projections worker for \d+ s$/);
  });

  it('logs a read-your-writes wait that timed out', async function () {
    const response = await fetch(`${querySide.url}/internal/projected?position=999999&timeoutMs=50`);
    expect(response.status).to.equal(504);
    expect(logs).to.deep.equal(['read-your-writes: the read side did not reach position 999999 within 50 ms']);
  });
});

async function queryService(readStore: ReadStore, log: (line: string) => void): Promise<http.Server> {
  const { publicKey } = await generateKeyPair('EdDSA');
  const app = createQueryApp(
    {
      readStore,
      media: createFileMediaStore({ dir: '/nonexistent-media', publicBaseUrl: '/media' }),
      tokenVerifier: new TokenVerifier(publicKey, { issuer: 'stays', audience: 'stays-api' }),
      mediaLinks: new MediaLinks({ publicUrl: 'http://localhost', apiPrefix: '/api' }),
      readSide: checkpointProgress(readStore, names),
      logHead: async () => null,
      reveal: async (record) => record.data,
      auditTrail: { recordRead: () => Promise.reject(new Error('no auditor reads in these tests')) },
      treeHeads: new ReadStoreTreeHeadStore(readStore),
      notarisedLog: { readAt: () => Promise.reject(new Error('no auditor reads in these tests')) },
      log,
    },
    { apiPrefix: '/api', security: { publicUrl: 'http://localhost', googleSignIn: false }, internalRoutes: true },
  );
  return http.createServer(app.callback());
}
