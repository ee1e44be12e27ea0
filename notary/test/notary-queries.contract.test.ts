/**
 * The notary's two homes answer the query side identically: its collections in the read
 * store (production's MongoDB layout) and the one-process mode's files (disk-tree.ts,
 * leaf-index.ts), over the same log, for every kind of query the auditors' routes make,
 * proofs included; and the files answer the same after a restart, a torn write and a
 * checkpoint left behind by a crash.
 */
import { generateKeyPairSync } from 'node:crypto';
import { appendFile, mkdtemp, rm, truncate, stat, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { createEmbeddedReadStore } from '@stays/read-store';
import {
  DiskTree,
  KEY_STRINGS_FILE,
  LEAF_KEYS_FILE,
  LeafArchive,
  Notary,
  NotarySigner,
  ReadStoreTreeHeadStore,
  TREE_BLOCKS_FILE,
  TREE_CHECKPOINT_FILE,
  TREE_LEAVES_FILE,
  notaryQueries,
} from '../src/index.ts';
import { SAME_HASH, answers } from './support/notary-answers.ts';

async function appendEvents(store: EventStore, count: number, from = 0): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const bookingID = i % 11 === 0 ? SAME_HASH[(i / 11) % 2]! : `BK-${i % 13}`;
    const stream = i % 5 === 0 ? `booking-${bookingID}` : i % 5 === 1 ? `invoice-${bookingID}` : i % 5 === 2 ? `auditor-a${i % 3}` : `customer-c${i % 4}`;
    await store.append(stream, [
      {
        type: ['BookingPlaced', 'InvoiceIssued', 'AuditorReadRecorded', 'ContactVerified'][i % 4]!,
        data: { ...(i % 3 !== 0 && { bookingID }), n: i },
        metadata: {
          actor: [undefined, 'system:booking-documents', `c${i % 4}`, 'systematic', 'a1'][i % 5],
          ...(i % 7 === 0 && { correlationId: bookingID }),
          schemaVersion: 1,
        },
      },
    ]);
  }
}

describe('notary queries: the read store collections and the one-process mode files answer alike', () => {
  let eventStore: EventStore;
  let dir: string;
  const signer = new NotarySigner(generateKeyPairSync('ed25519').privateKey);
  const noLog = () => undefined;

  beforeEach(async () => {
    eventStore = await openInMemoryEventStore();
    dir = await mkdtemp(path.join(os.tmpdir(), 'stays-notary-files-'));
  });
  afterEach(async () => {
    await eventStore.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The answers of the read store's notary, rebuilt from the whole log. */
  async function fromReadStore(): Promise<unknown> {
    const readStore = createEmbeddedReadStore();
    const heads = new ReadStoreTreeHeadStore(readStore);
    const notary = new Notary({ eventStore, readStore, heads, signer, log: noLog });
    await notary.start();
    await notary.whenCaughtUp();
    await notary.stop();
    return answers(
      notaryQueries(readStore, heads, eventStore),
      (await eventStore.readAll()).map((event) => event.recordedAt),
    );
  }

  /** The answers of the files' notary, resumed from what `dir` holds; `whileRunning` runs before it stops. */
  async function fromFiles(whileRunning: () => Promise<void> = async () => undefined): Promise<{ answers: unknown; status: ReturnType<Notary['status']> }> {
    const tree = await DiskTree.open(dir, noLog);
    const leafArchive = await LeafArchive.open(dir);
    const heads = new ReadStoreTreeHeadStore(createEmbeddedReadStore());
    const notary = new Notary({ eventStore, diskTree: tree, leafArchive, heads, signer, log: noLog });
    try {
      await notary.start();
      await notary.whenChecked();
      await whileRunning();
      await notary.whenCaughtUp();
      const seen = await answers(
        tree.queries(heads, eventStore),
        (await eventStore.readAll()).map((event) => event.recordedAt),
      );
      return { answers: seen, status: notary.status() };
    } finally {
      await notary.stop();
      await tree.close();
      await leafArchive.close();
    }
  }

  it('answers every auditors query, count, stream lookup and proof as the read store does', async () => {
    await appendEvents(eventStore, 300);
    const files = await fromFiles();
    expect(files.answers).to.deep.equal(await fromReadStore());
    expect(files.status.check).to.equal(null); // built from the log: nothing to check
  });

  it('resumes from its checkpoint, checks the log it did not rebuild from, and answers alike after more events', async () => {
    await appendEvents(eventStore, 280);
    await fromFiles();
    await appendEvents(eventStore, 50, 280);
    const files = await fromFiles();
    expect(files.status.check).to.deep.equal({ checked: 280, of: 280, done: true });
    expect(files.status.failed).to.equal(null);
    expect(files.answers).to.deep.equal(await fromReadStore());
  });

  it('answers alike after a crash left torn tails in every file and a checkpoint behind them', async () => {
    await appendEvents(eventStore, 290);
    await fromFiles();
    // a checkpoint written at leaf 100 (the crash came before the next), then torn writes past everything
    await writeFile(path.join(dir, TREE_CHECKPOINT_FILE), JSON.stringify({ version: 1, position: (await eventStore.readAll())[99]!.position, treeSize: 100 }));
    for (const file of [TREE_LEAVES_FILE, TREE_BLOCKS_FILE, LEAF_KEYS_FILE, 'leaf-hashes.bin']) await appendFile(path.join(dir, file), Buffer.alloc(13, 7));
    await appendFile(path.join(dir, KEY_STRINGS_FILE), '["actor","torn');
    await appendEvents(eventStore, 5, 290);
    const files = await fromFiles();
    expect(files.status).to.include({ treeSize: 295, failed: null });
    const rebuilt = await fromReadStore();
    expect(files.answers).to.deep.equal(rebuilt);
    // and what it wrote over the torn tails reads back at the next start, which resumes (checking the log) rather than rebuilds
    const again = await fromFiles();
    expect(again.status.check).to.deep.equal({ checked: 295, of: 295, done: true });
    expect(again.answers).to.deep.equal(rebuilt);
  });

  it('rebuilds from the log when the files hold less than their checkpoint says (a file lost or cut)', async () => {
    await appendEvents(eventStore, 270);
    await fromFiles();
    const keys = path.join(dir, LEAF_KEYS_FILE);
    await truncate(keys, (await stat(keys)).size / 2);
    const files = await fromFiles();
    expect(files.status).to.include({ treeSize: 270, failed: null, check: null });
    const rebuilt = await fromReadStore();
    expect(files.answers).to.deep.equal(rebuilt);
    // a dictionary line damaged in place: the same
    const strings = path.join(dir, KEY_STRINGS_FILE);
    await writeFile(strings, (await readFile(strings, 'utf8')).replace('"category"', '"categ{ry"'));
    const again = await fromFiles();
    expect(again.status).to.include({ treeSize: 270, failed: null, check: null });
    expect(again.answers).to.deep.equal(rebuilt);
  });

  it('a log changed since it was notarised: the check stops signing, names the leaf, and the tree is rebuilt from the log as it is', async () => {
    await appendEvents(eventStore, 260);
    await fromFiles();
    // the leaf archive holds another hash for leaf 77 than the log now gives
    const archive = path.join(dir, 'leaf-hashes.bin');
    const bytes = await readFile(archive);
    bytes[77 * 32] ^= 0xff;
    await writeFile(archive, bytes);
    const files = await fromFiles();
    expect(files.status.failed).to.match(/differs from the leaves this notary archived, from leaf 77 /);
    expect(files.status.check).to.deep.include({ checked: 77, done: true });
    expect(files.answers).to.deep.equal(await fromReadStore());
  });
});
