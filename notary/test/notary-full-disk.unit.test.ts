/**
 * The one-process notary's files on a full or failing disk, through their fault seam (a
 * check called before each write and sync that throws the error a disk would): the notary
 * pauses, says why in its health, signs nothing; once the disk takes writes it resumes by
 * itself, with every event of the log a leaf exactly once, and every head it signed, before
 * and after, the root of the log's first leaves. And the leaf archive on a real filesystem
 * (a small tmpfs, root only) that takes part of an append: the append fails, it is never
 * counted as written.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { mountSmallFilesystem, whyNoSmallFilesystem, type SmallFilesystem } from '@stays/service-kit/testing';
import { DiskTree, FileTreeHeadStore, LeafArchive, Notary, NotarySigner, readTreeHeadsFile } from '../src/index.ts';
import { leafHashOf, merkleTreeHash, verifyHeadSignature } from './support/rfc9162-verifier.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function appendEvents(store: EventStore, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await store.append(`customer-${i % 5}`, [{ type: 'CustomerRegistered', data: { i }, metadata: {} }]);
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const started = Date.now(); !(await condition()); await sleep(20)) if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
}

describe("the notary's files on a full or failing disk", () => {
  let dir: string;
  let eventStore: EventStore;
  let notary: Notary | undefined;
  let files: { tree: DiskTree; archive: LeafArchive } | undefined;
  /** The error the disk answers writes with, null while it takes them. */
  let failing: string | null;
  const faults = (operation: string) => {
    if (failing !== null) throw Object.assign(new Error(`${failing}: injected, ${operation}`), { code: failing });
  };
  const signer = new NotarySigner(generateKeyPairSync('ed25519').privateKey);

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'notary-disk-'));
    eventStore = await openInMemoryEventStore();
    failing = null;
  });
  afterEach(async () => {
    await notary?.stop();
    await files?.tree.close();
    await files?.archive.close();
    await eventStore.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async () => {
    files = { tree: await DiskTree.open(dir, () => undefined, faults), archive: await LeafArchive.open(dir, faults) };
    const heads = await FileTreeHeadStore.open(dir, faults);
    notary = new Notary({ eventStore, diskTree: files.tree, leafArchive: files.archive, heads, signer, headIntervalMs: 30, log: () => undefined });
    await notary.start();
    await notary.whenCaughtUp();
  };
  const health = () => notary!.besideReadSide({ healthy: true, projections: [] }, 60_000);

  for (const code of ['ENOSPC', 'EIO']) {
    it(`pauses while its writes fail with ${code}, says so in its health, and resumes by itself with every event a leaf once`, async () => {
      await appendEvents(eventStore, 10);
      await start();
      expect((await health()).healthy).to.equal(true);
      expect(notary!.status().signedSize).to.equal(10);

      failing = code;
      await appendEvents(eventStore, 20);
      await until(async () => !(await health()).healthy, 'the notary to turn unhealthy');
      const sick = await health();
      expect(sick.problem).to.include("the notary's files refuse writes").and.include(code);
      await sleep(300); // it tries to reopen its files, and fails, while the disk still fails
      await appendEvents(eventStore, 5);
      expect((await health()).healthy).to.equal(false);
      expect(notary!.status().signedSize, 'no head signed while paused').to.equal(10);

      failing = null;
      await until(async () => (await health()).healthy && notary!.status().signedSize === 35, 'the notary to resume and sign the whole log');
      expect((await health()).problem).to.equal(undefined);

      const log = await eventStore.readAll();
      const expected = log.map((record) => leafHashOf(record));
      expect(notary!.status().treeSize).to.equal(35);
      expect(await files!.tree.leafHashes(0, 35)).to.deep.equal(expected);
      expect(await LeafArchive.read(dir), 'the leaf archive: each leaf once, in order').to.deep.equal(expected);
      const heads = await readTreeHeadsFile(dir);
      expect(heads.at(-1)!.treeSize).to.equal(35);
      for (const head of heads) {
        expect(head.rootHash, `head of size ${head.treeSize}`).to.equal(merkleTreeHash(expected.slice(0, head.treeSize)).toString('hex'));
        expect(verifyHeadSignature(head, signer.publicJwk())).to.equal(true);
      }

      // and a restart resumes from what it left
      await notary!.stop();
      await files!.tree.close();
      await files!.archive.close();
      await start();
      expect(notary!.status()).to.include({ treeSize: 35, failed: null });
      expect((await health()).healthy).to.equal(true);
    });
  }

  it('stops at once while it waits for the disk, and the next start resumes from its checkpoint', async () => {
    await appendEvents(eventStore, 10);
    await start();
    failing = 'ENOSPC';
    await appendEvents(eventStore, 20);
    await until(async () => !(await health()).healthy, 'the notary to turn unhealthy');
    await sleep(1600); // its wait between attempts has grown past a second
    const stopping = Date.now();
    await notary!.stop();
    expect(Date.now() - stopping, 'ms to stop').to.be.below(500);
    await files!.tree.close();
    await files!.archive.close();

    failing = null;
    await start();
    expect(notary!.status()).to.include({ treeSize: 30, signedSize: 30, failed: null });
    expect(await files!.tree.leafHashes(0, 30)).to.deep.equal((await eventStore.readAll()).map((record) => leafHashOf(record)));
  });
});

const cannotMount = whyNoSmallFilesystem();

describe(`the leaf archive on a real filesystem that fills up mid-write${cannotMount ? ` (skipped: ${cannotMount})` : ''}`, () => {
  let root: string;
  let filesystem: SmallFilesystem;
  let archive: LeafArchive | undefined;

  beforeEach(async function () {
    if (cannotMount) this.skip();
    root = await mkdtemp(path.join(os.tmpdir(), 'notary-full-fs-'));
    filesystem = await mountSmallFilesystem(path.join(root, 'fs'), 1 << 20);
  });
  afterEach(async () => {
    await archive?.close();
    await filesystem?.unmount();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const leaves = (count: number, from: number) =>
    Array.from({ length: count }, (_, i) =>
      createHash('sha256')
        .update(`leaf ${from + i}`)
        .digest(),
    );

  it('refuses an append the disk takes only part of with its error, never counting leaves it does not hold, and takes it once space is back', async () => {
    archive = await LeafArchive.open(filesystem.dir);
    await archive.append(leaves(10, 0));
    await archive.sync();

    await filesystem.fill(4096); // one page left: the next 300 leaves (9,600 bytes) fit in part
    const refused = await archive.append(leaves(300, 10)).then(
      () => null,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(refused, 'the append that did not fit').to.equal('ENOSPC');
    expect(archive.size, 'leaves counted').to.be.at.most(await LeafArchive.count(filesystem.dir));

    await filesystem.drain();
    await archive.reopen();
    const held = archive.size;
    await archive.append(leaves(310 - held, held));
    await archive.sync();
    expect(await LeafArchive.read(filesystem.dir)).to.deep.equal(leaves(310, 0));
  });
});
