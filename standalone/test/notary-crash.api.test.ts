/**
 * `npm start` killed with SIGKILL at random moments while events are written (so, often,
 * while the notary writes its files under DATA_DIR/notary or replaces their checkpoint),
 * started again each time, and killed once more: the notary resumed from the files the last
 * kill left answers every query of the query side (tree size, roots, proofs, the auditors'
 * log reads) exactly as a notary rebuilt from the same log does, and its check of the log
 * finds nothing wrong.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openEmbeddedEventStore } from '@stays/event-store';
import { createEmbeddedReadStore } from '@stays/read-store';
import { DiskTree, FileTreeHeadStore, LeafArchive, Notary, ReadStoreTreeHeadStore, loadNotarySigner, notaryQueries } from '@stays/notary';
import { answers } from '@stays/notary/test-support/answers';
import { signedInOwner } from './support/accounts.ts';
import { freePort } from './support/free-port.ts';
import { ApiClient } from './support/http-client.ts';
import { StaysProcess } from './support/stays-process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notary after SIGKILL at random moments, against a rebuild from the same log', function () {
  this.timeout(600_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-notary-crash-'));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('resumes into the tree, proofs and auditors answers of the rebuild', async () => {
    let registered = 0;
    for (let round = 0; round < 5; round++) {
      const stays = await StaysProcess.start({ dataDir, port: await freePort() });
      const api = new ApiClient(stays.baseUrl);
      let killed = false;
      const writing = (async () => {
        while (!killed) {
          const owner = await signedInOwner(api).catch(() => null);
          if (owner !== null) registered++;
        }
      })();
      // the first rounds are killed soon after start (while the notary checks the log it resumed over), the others later
      await sleep(round < 2 ? 50 + Math.random() * 300 : 400 + Math.random() * 1500);
      await stays.kill();
      killed = true;
      await writing;
    }
    expect(registered, 'owners registered before the kills').to.be.greaterThan(0);

    // the product's start, in this process, on what the last kill left
    const eventStore = await openEmbeddedEventStore(path.join(dataDir, 'events'));
    const notaryDir = path.join(dataDir, 'notary');
    const signer = (await loadNotarySigner(undefined, path.join(dataDir, 'keys')))!;
    try {
      const diskTree = await DiskTree.open(notaryDir, () => undefined);
      const leafArchive = await LeafArchive.open(notaryDir);
      const heads = await FileTreeHeadStore.open(notaryDir);
      const resumed = new Notary({ eventStore, diskTree, leafArchive, heads, signer, log: () => undefined });
      await resumed.start();
      await resumed.whenChecked();
      const recordedAt = (await eventStore.readAll()).map((event) => event.recordedAt);
      const fromFiles = await answers(diskTree.queries(heads, eventStore), recordedAt);
      const status = resumed.status();
      await resumed.stop();
      await diskTree.close();
      await leafArchive.close();
      expect(status.failed).to.equal(null);
      expect(status.check?.done).to.equal(true);

      const readStore = createEmbeddedReadStore();
      const rebuiltHeads = new ReadStoreTreeHeadStore(readStore);
      const rebuilt = new Notary({ eventStore, readStore, heads: rebuiltHeads, signer, log: () => undefined });
      await rebuilt.start();
      await rebuilt.whenCaughtUp();
      await rebuilt.stop();
      expect(fromFiles).to.deep.equal(await answers(notaryQueries(readStore, rebuiltHeads, eventStore), recordedAt));
      expect(status.treeSize).to.equal(recordedAt.length);
    } finally {
      await eventStore.close();
    }
  });
});
