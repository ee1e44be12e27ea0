/**
 * Snapshots of the embedded read store, through the files they leave: what is written
 * comes back (documents, Dates and other values, indexes that still refuse duplicates); a
 * torn or altered file, or one taken from another log, is ignored and the store starts
 * empty; a half-written one is removed at open.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  createEmbeddedReadStore,
  DuplicateKeyError,
  ReadStoreSnapshots,
  SNAPSHOT_FILE,
  writeSnapshotFile,
  type EmbeddedReadStore,
  type SnapshotOrigin,
} from '../src/index.ts';

const ORIGIN: SnapshotOrigin = { position: 41, eventId: 'event-41' };

describe('read store snapshots', () => {
  let dir: string;
  let lines: string[];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stays-snapshot-'));
    lines = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Opens the snapshots of `dir` over a new store, with a log whose head is `head` and which holds `held`. */
  async function open(head: SnapshotOrigin | null = ORIGIN, held: SnapshotOrigin | null = head, headRead: () => Promise<void> = async () => undefined) {
    const store = createEmbeddedReadStore();
    const snapshots = await ReadStoreSnapshots.open({
      dir,
      store,
      logHead: async () => {
        await headRead();
        return head;
      },
      logHolds: async (origin) => held !== null && origin.position === held.position && origin.eventId === held.eventId,
      intervalMs: 0,
      log: (line) => lines.push(line),
    });
    snapshots.start();
    return { store, snapshots };
  }

  async function filled(store: EmbeddedReadStore): Promise<void> {
    const hotels = store.collection('hotels');
    await hotels.createIndex({ ownerId: 1 }, { unique: true });
    await hotels.createIndex({ city: 1, name: 1 });
    await hotels.insertOne({
      _id: 'h1',
      ownerId: 'o1',
      city: 'Pune',
      name: 'Sea View',
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
      rooms: [{ type: 'Deluxe', nights: [new Date('2026-02-01T00:00:00Z')], price: 2500.5 }],
      places: { nearby: [{ name: 'Fort', distance: 1.5 }], empty: [] },
      pattern: /sea/i,
      nothing: null,
    });
    await hotels.insertOne({ _id: 'h2', ownerId: 'o2', city: 'Goa', name: 'Palms' });
    await store.collection('audit_log').insertOne({ _id: 7, hash: 'ab'.repeat(32) });
  }

  it('gives back every collection, its documents with their Dates and nested values, and its indexes', async () => {
    const first = await open();
    await filled(first.store);
    await first.snapshots.close();

    const second = await open();
    expect(second.snapshots.loadedFrom).to.deep.equal(ORIGIN);
    const hotels = second.store.collection('hotels');
    const h1 = await hotels.findOne({ _id: 'h1' });
    expect(h1).to.deep.equal({
      _id: 'h1',
      ownerId: 'o1',
      city: 'Pune',
      name: 'Sea View',
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
      rooms: [{ type: 'Deluxe', nights: [new Date('2026-02-01T00:00:00Z')], price: 2500.5 }],
      places: { nearby: [{ name: 'Fort', distance: 1.5 }], empty: [] },
      pattern: /sea/i,
      nothing: null,
    });
    expect(h1!.createdAt).to.be.instanceOf(Date);
    expect(await hotels.find({ createdAt: { $gte: new Date('2026-01-01') } })).to.have.length(1);
    expect(await second.store.collection('audit_log').findOne({ _id: 7 })).to.deep.equal({ _id: 7, hash: 'ab'.repeat(32) });
    // the unique index is still there and still refuses a second hotel for the owner
    let refused: unknown;
    await hotels.insertOne({ _id: 'h3', ownerId: 'o1', city: 'Pune', name: 'Other' }).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(DuplicateKeyError);
    expect(await hotels.find({ city: 'Goa' })).to.deep.equal([{ _id: 'h2', ownerId: 'o2', city: 'Goa', name: 'Palms' }]);
  });

  it('reads a snapshot of the former layout (a SHA-256 trailer instead of a CRC-32) as its own', async () => {
    const first = await open();
    await filled(first.store);
    await first.snapshots.close();
    // the former layout as its description says: the magic ends in 1, the file in the SHA-256 of every byte before it
    const file = path.join(dir, SNAPSHOT_FILE);
    const current = await readFile(file);
    expect(current.subarray(0, 8).toString('latin1')).to.equal('STAYSRS\u0002');
    const body = Buffer.from(current.subarray(0, current.length - 4));
    body[7] = 1;
    await writeFile(file, Buffer.concat([body, createHash('sha256').update(body).digest()]));

    const second = await open();
    expect(second.snapshots.loadedFrom).to.deep.equal(ORIGIN);
    expect((await second.store.collection('hotels').findOne({ _id: 'h1' }))!.createdAt).to.deep.equal(new Date('2026-01-02T03:04:05.678Z'));
    expect(await second.store.collection('hotels').countDocuments()).to.equal(2);
    expect(lines.filter((line) => line.includes('ignored'))).to.deep.equal([]);
  });

  it('leaves out the collections it is told to, which start empty', async () => {
    const store = createEmbeddedReadStore();
    const options = { dir, store, logHead: async () => ORIGIN, logHolds: async () => true, intervalMs: 0, log: () => undefined, leaveOut: ['audit_log'] };
    const snapshots = await ReadStoreSnapshots.open(options);
    snapshots.start();
    await filled(store);
    await snapshots.close();
    const loaded = createEmbeddedReadStore();
    await ReadStoreSnapshots.open({ ...options, store: loaded });
    expect(await loaded.collection('audit_log').countDocuments()).to.equal(0);
    expect(await loaded.collection('hotels').countDocuments()).to.equal(2);
  });

  it('is readable by its owner only', async () => {
    const { store, snapshots } = await open();
    await filled(store);
    await snapshots.close();
    expect((await stat(path.join(dir, SNAPSHOT_FILE))).mode & 0o777).to.equal(0o600);
  });

  it('holds the store as it was when taken, whatever is written while the file is written', async () => {
    // the store is taken before the log's head is read; the file is written after
    let taken!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const whenTaken = new Promise<void>((resolve) => (taken = resolve));
    const { store, snapshots } = await open(ORIGIN, ORIGIN, () => {
      taken();
      return held;
    });
    await filled(store);
    const writing = snapshots.write();
    await whenTaken;
    await store.collection('hotels').updateOne({ _id: 'h2' }, { $set: { name: 'Changed' } });
    await store.collection('hotels').deleteOne({ _id: 'h1' });
    release();
    await writing;
    const loaded = await open();
    expect((await loaded.store.collection('hotels').find({}, { sort: { _id: 1 } })).map((hotel) => hotel.name)).to.deep.equal(['Sea View', 'Palms']);
  });

  for (const [damage, harm] of [
    ['cut short (a torn write)', async (file: string) => truncate(file, (await stat(file)).size - 100)],
    ['with one byte altered', async (file: string) => alterByte(file)],
    ['empty', async (file: string) => writeFile(file, '')],
  ] as const) {
    it(`is ignored in one log line when ${damage}: the store starts empty, to be rebuilt from the log`, async () => {
      const first = await open();
      await filled(first.store);
      await first.snapshots.close();
      await harm(path.join(dir, SNAPSHOT_FILE));

      const second = await open();
      expect(second.snapshots.loadedFrom).to.equal(null);
      expect(await second.store.collection('hotels').countDocuments()).to.equal(0);
      expect(lines.filter((line) => line.includes('ignored'))).to.have.length(1);
    });
  }

  it('is ignored, and the store left empty, when its documents break one of its unique indexes', async () => {
    await writeSnapshotFile(path.join(dir, SNAPSHOT_FILE), {
      origin: ORIGIN,
      takenAt: new Date(),
      collections: [
        { name: 'plain', indexes: [], documents: [{ _id: 'p1' }] },
        {
          name: 'hotels',
          indexes: [{ name: 'ownerId_1', keys: { ownerId: 1 }, unique: true, sparse: false }],
          documents: [
            { _id: 'h1', ownerId: 'o1' },
            { _id: 'h2', ownerId: 'o1' },
          ],
        },
      ],
    });
    const { store, snapshots } = await open();
    expect(snapshots.loadedFrom).to.equal(null);
    expect(await store.collection('plain').countDocuments()).to.equal(0);
    expect(await store.collection('hotels').countDocuments()).to.equal(0);
    expect(lines.filter((line) => line.includes('ignored'))).to.have.length(1);
  });

  it('is discarded, saying so, when the log does not hold the event it was taken at', async () => {
    const first = await open();
    await filled(first.store);
    await first.snapshots.close();

    const second = await open({ position: 41, eventId: 'another-event' });
    expect(second.snapshots.loadedFrom).to.equal(null);
    expect(await second.store.collection('hotels').countDocuments()).to.equal(0);
    expect(lines.join('\n')).to.match(/does not hold event event-41 at position 41/);
  });

  it('is not written by a system that did not start', async () => {
    const store = createEmbeddedReadStore();
    const snapshots = await ReadStoreSnapshots.open({
      dir,
      store,
      logHead: async () => ORIGIN,
      logHolds: async () => true,
      intervalMs: 0,
      log: () => undefined,
    });
    await filled(store);
    await snapshots.close();
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it('is not written when nothing changed since the last one, nor for an empty log', async () => {
    const first = await open(null);
    await filled(first.store);
    await first.snapshots.close();
    expect(await readdir(dir)).to.deep.equal([]);

    const second = await open();
    await filled(second.store);
    await second.snapshots.write();
    const written = await readFile(path.join(dir, SNAPSHOT_FILE));
    await second.snapshots.write();
    await second.snapshots.close();
    expect(await readFile(path.join(dir, SNAPSHOT_FILE))).to.deep.equal(written);
  });

  it('removes a snapshot left half-written at open, and keeps the whole one', async () => {
    const first = await open();
    await filled(first.store);
    await first.snapshots.close();
    await writeFile(path.join(dir, `${SNAPSHOT_FILE}.tmp`), 'half a snapshot');

    const second = await open();
    expect(await readdir(dir)).to.deep.equal([SNAPSHOT_FILE]);
    expect(await second.store.collection('hotels').countDocuments()).to.equal(2);
  });
});

async function alterByte(file: string): Promise<void> {
  const bytes = await readFile(file);
  bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
  await writeFile(file, bytes);
}
