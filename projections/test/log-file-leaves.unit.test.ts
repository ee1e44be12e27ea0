import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { LOG_FILE_NAME, openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { leavesOfLogFile } from '../src/index.ts';
import { leafHashOf } from './support/rfc9162-verifier.ts';

describe('the embedded log\'s leaves read from its file (verify-log)', function () {
  this.timeout(60_000);
  let dir: string;
  let store: EventStore;
  let file: string;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stays-log-leaves-'));
    store = await openEmbeddedEventStore(dir);
    file = path.join(dir, LOG_FILE_NAME);
    // appends of one to five events, a few MB in all (several runs for the workers), and one event longer than a read chunk
    for (let i = 0; i < 1500; i++) {
      await store.append(`booking-BK-${i % 40}`, Array.from({ length: 1 + (i % 5) }, (_, j) => ({
        type: j % 2 === 0 ? 'BookingPlaced' : 'UnitsReserved',
        data: { bookingID: `BK-${i}`, n: i * 10 + j, ünïcode: '₹ 😀 "q"', padding: 'x'.repeat(200 + (i % 300)) },
        metadata: { actor: `customer-${i % 7}`, schemaVersion: 1 },
      })));
      if (i === 700) await store.append('media-big', [{ type: 'Big', data: { text: 'y'.repeat(17 * 1024 * 1024) }, metadata: {} }]);
    }
  });
  after(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the leaf of every record in log order (as an RFC 9162 verifier hashes them) while the store is open, and names each record', async () => {
    const records = await store.readAll();
    const read = await leavesOfLogFile(file, { threads: 2 });
    expect(read.leaves.length).to.equal(records.length);
    expect(read.leaves.map((leaf) => leaf.toString('hex'))).to.deep.equal(records.map((record) => leafHashOf(record).toString('hex')));
    expect(read.unreadFrom).to.equal(null);
    for (const i of [0, 1, 1000, records.length - 1]) {
      expect(await read.placeOf(i)).to.deep.equal({ position: records[i]!.position, streamId: records[i]!.streamId, type: records[i]!.type });
    }
    expect(await read.placeOf(records.length)).to.equal(null);
  });

  it('leaves out an append not yet complete at the end of the file, saying where it starts', async () => {
    const copy = path.join(dir, 'torn.log');
    const bytes = await readFile(file);
    await writeFile(copy, bytes);
    await appendFile(copy, Buffer.from([0x53, 0x54, 0x59, 0x2b, 0, 0, 0, 9, 1, 2, 3, 4, 0x7b]));
    const read = await leavesOfLogFile(copy, { threads: 1 });
    expect(read.leaves.length).to.equal((await store.readAll()).length);
    expect(read.unreadFrom).to.equal((await stat(file)).size);
  });

  it('refuses a record that fails its checksum', async () => {
    const copy = path.join(dir, 'damaged.log');
    const bytes = await readFile(file);
    const at = bytes.indexOf('"n":') + 4;
    bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
    await writeFile(copy, bytes);
    let failure: unknown = null;
    await leavesOfLogFile(copy, { threads: 2 }).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/the record at byte \d+ of the log fails its checksum/);
  });
});
