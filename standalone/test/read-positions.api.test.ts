import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { MediaLinks, TokenVerifier, generateSigningKeys } from '@stays/service-kit';
import { createQueryApp, eventStoreAuditTrail } from '@stays/query-service';
import { ReadStoreTreeHeadStore } from '@stays/notary';
import { ApiClient } from './support/http-client.ts';
import { signedInOwner } from './support/accounts.ts';
import { hotelForm, pngImages } from './support/fixtures.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

describe("reading one's own write (X-Min-Position) and internal routes", function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays?.destroy());

  it('a read sent with the position a write answered sees that write', async () => {
    const owner = await signedInOwner(api);
    const created = await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token });
    expect(created.status).to.equal(201);
    const position = created.headers.get('x-commit-position');
    expect(position).to.match(/^\d+$/);
    const read = await api.get(`/hotel/data/get/specific/${created.body.data._id}`, { headers: { 'X-Min-Position': position! } });
    expect(read.status).to.equal(200);
    expect(read.body.data._id).to.equal(created.body.data._id);
  });

  it('refuses a position the log has not reached with 400 instead of waiting for it', async () => {
    const head = await stays.system.eventStore.headPosition();
    for (const beyond of ['999999999', String(head! + 1)]) {
      const read = await api.get('/hotel/data/get/all/hotels', { headers: { 'X-Min-Position': beyond } });
      expect(read.status, beyond).to.equal(400);
      expect(read.body).to.deep.equal({ success: false, statusCode: 400, message: messages.server.minPositionBeyondLog });
    }
  });

  it('refuses a position that is not a whole number', async () => {
    for (const bad of ['abc', '-1', '1e3', '0x10', '12345678901234567890', '1.5']) {
      const read = await api.get('/hotel/data/get/all/hotels', { headers: { 'X-Min-Position': bad } });
      expect(read.status, bad).to.equal(400);
      expect(read.body.message, bad).to.equal(messages.server.minPositionInvalid);
    }
  });

  it('exposes no /internal route in the one-process mode (the runner tells the command side directly)', async () => {
    for (const path of ['/internal/projected?position=0', '/internal/projected', '/internal/']) {
      const response = await fetch(`${stays.baseUrl}${path}`);
      expect(response.status, path).to.equal(404);
      expect(response.headers.get('content-type'), path).to.match(/^application\/json/);
    }
  });

  it("serves /internal/projected in a production query service, which only the services' network reaches", async () => {
    const { system } = stays;
    const { publicKey } = await generateSigningKeys();
    const app = createQueryApp(
      {
        readStore: system.readStore,
        media: system.media,
        mediaLinks: new MediaLinks({ publicUrl: stays.baseUrl, apiPrefix: API }),
        tokenVerifier: new TokenVerifier(publicKey, { issuer: 'stays', audience: 'stays-api' }),
        readSide: {
          health: () => system.runner.health(30_000),
          waitFor: (position, timeoutMs) => system.runner.waitFor(position, timeoutMs),
          changedAt: async (projection) => system.runner.changedAt(projection),
        },
        logHead: () => system.eventStore.headPosition(),
        reveal: async (record) => record.data,
        auditTrail: eventStoreAuditTrail(system.eventStore, system.streamNames),
        treeHeads: new ReadStoreTreeHeadStore(system.readStore),
        notarisedLog: system.rawEventStore,
      },
      { apiPrefix: API, security: { publicUrl: stays.baseUrl, googleSignIn: false }, internalRoutes: true },
    );
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const head = await system.eventStore.headPosition();
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/projected?position=${head}`);
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { data: unknown }).data).to.deep.equal({ position: head });
    } finally {
      server.close();
    }
  });
});
