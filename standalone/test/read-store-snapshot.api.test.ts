/**
 * The one-process product stopped gracefully and started again on the same data
 * directory: its read models come from the snapshot it wrote on stop (DATA_DIR/read-store),
 * so every answer is the same and no read model reads the log again; a snapshot the log
 * does not match is dropped and the read models are rebuilt; an erasure is followed within
 * seconds by a snapshot without the erased values.
 */
import { cp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { ReadModelsStatus } from '@stays/projections';
import { readSnapshotFile } from '@stays/read-store';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { ApiClient } from './support/http-client.ts';
import { operatorClient } from './support/operator.ts';
import { bookedStay, hotelWithRoom } from './support/stays.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';
import { writeAccountsLog } from './support/accounts-log.ts';
import { SNAPSHOT_AFTER_CATCH_UP_EVENTS } from '../src/compose.ts';

const SNAPSHOT = path.join('read-store', 'read-models.snapshot');

describe('read models kept across a restart by the read store snapshot', function () {
  this.timeout(120_000);
  let stays: TestSystem;

  afterEach(async () => {
    await stays?.destroy();
  });

  /** What the screens read: hotels, rooms, a guest's and an owner's bookings (links without the port this start listens on, nor their signature's time). */
  async function answers(api: ApiClient, ids: { hotelId: string; guest: { id: string; token: string }; owner: { token: string } }) {
    const read = async (pathname: string, token?: string) => {
      const response = await api.get(pathname, token === undefined ? {} : { token });
      expect(response.status, `${pathname}: ${JSON.stringify(response.body)}`).to.equal(200);
      // media links are absolute (each start listens on another port) and private ones signed until a time counted from now
      const text = JSON.stringify(response.body)
        .replaceAll(stays.baseUrl, 'PUBLIC_URL')
        .replace(/expires=\d+&signature=[\w-]+/g, 'SIGNED');
      return JSON.parse(text) as unknown;
    };
    return {
      hotels: await read('/hotel/data/get/all/hotels'),
      hotel: await read(`/hotel/data/get/specific/${ids.hotelId}`),
      rooms: await read(`/hotel/room/get/all/rooms/${ids.hotelId}`),
      guestBookings: await read(`/user/get/all/bookings/${ids.guest.id}`, ids.guest.token),
      ownerBookings: await read(`/hotel/owner/get/all/hotel/owner/bookings/${ids.hotelId}`, ids.owner.token),
    };
  }

  async function readModels(system: TestSystem): Promise<ReadModelsStatus> {
    const answer = await operatorClient(system).call<ReadModelsStatus>('GET', '');
    expect(answer.status).to.equal(200);
    return answer.body.data!;
  }

  async function bookedSystem() {
    stays = await startTestSystem();
    const api = new ApiClient(stays.baseUrl);
    const owner = await signedInOwner(api);
    const { hotelId } = await hotelWithRoom(api, owner);
    const guest = await signedInCustomer(api);
    await bookedStay(stays, api, guest, hotelId);
    await bookedStay(stays, api, guest, hotelId);
    return { api, ids: { hotelId, guest, owner } };
  }

  it('answers as before the stop, with every read model resuming at its checkpoint instead of reading the log again', async () => {
    const { ids } = await bookedSystem();
    const before = await answers(new ApiClient(stays.baseUrl), ids);
    const modelsBefore = await readModels(stays);
    await stays.stop();
    // the reactors' checkpoints are in it too, at the log's head: they resume rather than replay
    const snapshot = await readSnapshotFile(path.join(stays.dataDir, SNAPSHOT));
    const head = Math.max(...modelsBefore.models.map((model) => model.versions.find((version) => version.version === model.live)!.position ?? -1));
    const reactors = snapshot.collections.find((collection) => collection.name === 'reactor_checkpoints')?.documents ?? [];
    expect(Object.fromEntries(reactors.map((checkpoint) => [checkpoint._id, checkpoint.position]))).to.deep.equal({
      'booking-documents': head,
      'orphaned-units': head,
      'personal-data-erasure': head,
      'calendar-import': head,
    });

    stays = await startTestSystem({ dataDir: stays.dataDir });
    expect(await answers(new ApiClient(stays.baseUrl), ids)).to.deep.equal(before);
    const modelsAfter = await readModels(stays);
    for (const model of modelsAfter.models) {
      const live = model.versions.find((version) => version.version === model.live)!;
      const was = modelsBefore.models.find((other) => other.name === model.name)!.versions.find((version) => version.version === model.live)!;
      expect(live.position, model.name).to.equal(was.position).and.not.equal(null);
      expect(live.events, `${model.name}: events read again from the log`).to.equal(0);
    }
  });

  it('drops a snapshot that is not of its log and rebuilds the read models from the log', async () => {
    await bookedSystem();
    await stays.stop();
    const another = stays.dataDir;
    const { ids } = await bookedSystem();
    const before = await answers(new ApiClient(stays.baseUrl), ids);
    await stays.stop();
    // the snapshot of another product's log, in place of this one's
    await cp(path.join(another, SNAPSHOT), path.join(stays.dataDir, SNAPSHOT));
    await rm(another, { recursive: true, force: true });

    stays = await startTestSystem({ dataDir: stays.dataDir });
    expect(await answers(new ApiClient(stays.baseUrl), ids)).to.deep.equal(before);
    for (const model of (await readModels(stays)).models) {
      expect(model.versions.find((version) => version.version === model.live)!.events, model.name).to.be.greaterThan(0);
    }
  });

  it('writes a snapshot soon after a start that read many events again, not after one that read a few', async () => {
    stays = await startTestSystem();
    await stays.stop();
    const file = path.join(stays.dataDir, SNAPSHOT);
    const writtenOnStop = (await stat(file)).mtimeMs;
    // events the snapshot does not hold, as after a crash long after the last one
    await writeAccountsLog(path.join(stays.dataDir, 'events'), SNAPSHOT_AFTER_CATCH_UP_EVENTS / 10, 9);

    stays = await startTestSystem({ dataDir: stays.dataDir });
    for (const started = Date.now(); (await stat(file)).mtimeMs === writtenOnStop; await new Promise((resolve) => setTimeout(resolve, 100))) {
      expect(Date.now() - started, 'seconds until a snapshot holds what this start read again').to.be.lessThan(15_000);
    }
    const snapshot = await readSnapshotFile(file);
    const head = (await readModels(stays)).head;
    expect(snapshot.origin.position, 'the snapshot is of the log as the start found it').to.equal(head);
    await stays.stop();

    const writtenOnSecondStop = (await stat(file)).mtimeMs;
    await writeAccountsLog(path.join(stays.dataDir, 'events'), 10, 9);
    stays = await startTestSystem({ dataDir: stays.dataDir });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await stat(file)).mtimeMs, 'a start that read 100 events again leaves the snapshot it started from').to.equal(writtenOnSecondStop);
  });

  it('writes a new snapshot soon after a personal data erasure, so the erased name stays on disk only seconds', async () => {
    stays = await startTestSystem();
    const api = new ApiClient(stays.baseUrl);
    const name = `Zubeida Quraishi ${Date.now()}`;
    const guest = await signedInCustomer(api, name);
    await stays.stop();
    const file = path.join(stays.dataDir, SNAPSHOT);
    expect((await readFile(file)).includes(name), 'the name in the snapshot written on stop').to.equal(true);

    stays = await startTestSystem({ dataDir: stays.dataDir });
    expect((await new ApiClient(stays.baseUrl).delete('/user/delete/account', { token: guest.token })).status).to.equal(200);
    await stays.system.erasure.whenIdle();
    for (const started = Date.now(); (await readFile(file)).includes(name); await new Promise((resolve) => setTimeout(resolve, 100))) {
      expect(Date.now() - started, 'seconds until the snapshot no longer holds the name').to.be.lessThan(15_000);
    }
  });
});
