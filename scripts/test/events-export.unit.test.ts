/**
 * `npm run events -- export` as an analyst runs it: a child process writing NDJSON to its
 * stdout, reading the embedded log read-only while the log's writer (as in `npm start`)
 * holds it open and keeps appending. Each line must be the stored record, byte for byte
 * in content, and the filters must keep exactly the records they name.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { openEmbeddedEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { exportFromStore } from '../events/export.ts';
import { parseExportFilter } from '../events/export-filter.ts';
import { jcs } from '@stays/notary/test-support/rfc9162';

const ROOT = path.resolve(import.meta.dirname, '../..');

function runExport(dataDir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/events.ts', 'export', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const linesOf = (stdout: string): RecordedEvent[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedEvent);

describe('npm run events -- export (child process, embedded log beside its writer)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let store: EventStore;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-export-'));
    store = await openEmbeddedEventStore(path.join(dataDir, 'events'));
    for (let n = 0; n < 40; n++) {
      const bookingID = `BK-${n % 5}`;
      await store.append(`booking-${bookingID}`, [
        {
          type: 'BookingPaymentReceived',
          data: { bookingID, ownerId: 'o1', receivedAt: '2026-11-22T10:00:00.000Z' },
          metadata: { schemaVersion: 1, actor: 'o1' },
        },
        {
          type: 'BookingCancelled',
          data: { bookingID, customerId: 'c1', cancelledAt: '2026-11-22T10:00:00.000Z' },
          metadata: { schemaVersion: 1, actor: 'c1' },
        },
      ]);
      await store.append(`inventory-room-${n % 3}`, [
        { type: 'UnitsReleased', data: { bookingID, roomId: `room-${n % 3}`, nights: ['2026-12-01'], units: 1 } },
      ]);
    }
  });
  after(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes every stored record, as stored, while the writer holds the log', async () => {
    const { code, stdout, stderr } = await runExport(dataDir, []);
    expect(code, stderr).to.equal(0);
    expect(linesOf(stdout)).to.deep.equal(await store.readAll());
    expect(stderr).to.match(/events export: 120 events written of 120 read, [\d,]+ events\/s/);
  });

  it('keeps a position range of one type in some streams and a category', async () => {
    const { code, stdout, stderr } = await runExport(dataDir, [
      '--from',
      '10',
      '--to',
      '70',
      '--type',
      'BookingCancelled',
      '--type',
      'UnitsReleased',
      '--stream',
      'booking-BK-1,booking-BK-2',
      '--stream',
      'inventory',
    ]);
    expect(code, stderr).to.equal(0);
    const expected = (await store.readAll()).filter(
      (event) =>
        event.position >= 10 &&
        event.position <= 70 &&
        ['BookingCancelled', 'UnitsReleased'].includes(event.type) &&
        (['booking-BK-1', 'booking-BK-2'].includes(event.streamId) || event.streamId.startsWith('inventory-')),
    );
    expect(expected.map((event) => event.type)).to.include.members(['BookingCancelled', 'UnitsReleased']);
    expect(linesOf(stdout)).to.deep.equal(expected);
  });

  it('keeps a time range by recordedAt', async () => {
    const all = await store.readAll();
    const from = all[30]!.recordedAt;
    const to = all[90]!.recordedAt;
    const { code, stdout, stderr } = await runExport(dataDir, ['--from', from, '--to', to]);
    expect(code, stderr).to.equal(0);
    expect(linesOf(stdout)).to.deep.equal(all.filter((event) => event.recordedAt >= from && event.recordedAt <= to));
  });

  it('reads whole appends only while the writer keeps appending', async () => {
    let appending = true;
    const appends = (async () => {
      for (let n = 0; appending; n++) {
        await store.append(`booking-BK-LIVE${n}`, [
          { type: 'BookingPaymentReceived', data: { bookingID: `BK-LIVE${n}`, ownerId: 'o1', receivedAt: '2026-11-22T10:00:00.000Z' } },
          { type: 'BookingCancelled', data: { bookingID: `BK-LIVE${n}`, customerId: 'c1', cancelledAt: '2026-11-22T10:00:00.000Z' } },
        ]);
      }
    })();
    const { code, stdout, stderr } = await runExport(dataDir, []);
    appending = false;
    await appends;
    expect(code, stderr).to.equal(0);
    const exported = linesOf(stdout);
    expect(exported.length % 2).to.equal(0);
    expect(exported).to.deep.equal(await store.readAll({ maxCount: exported.length }));
  });

  it('refuses filters it cannot read, with the usage', async () => {
    for (const args of [
      ['--type', 'BookingMade'],
      ['--from', 'last week'],
    ]) {
      const { code, stdout, stderr } = await runExport(dataDir, args);
      expect([code, stdout], args.join(' ')).to.deep.equal([1, '']);
      expect(stderr, args.join(' ')).to.match(/BookingMade: not an event type|usage: npm run events -- export/);
    }
  });
});

describe('events export from EventStoreDB (the adapter on a simulated server)', () => {
  it('pages through $all, skipping system events, and keeps what the filter names', async () => {
    const store = eventStoreOnSimulation(new SimulatedEventStoreDB({ sendsCaughtUp: true }));
    try {
      for (let n = 0; n < 12_000; n++) {
        await store.append(`booking-BK-${n % 7}`, [
          { type: n % 3 === 0 ? 'BookingCancelled' : 'InvoiceIssued', data: { bookingID: `BK-${n % 7}`, n }, metadata: { actor: 'system' } },
        ]);
      }
      const all = await store.readAll();
      const from = all[100]!.position;
      const to = all[11_000]!.position;
      let text = '';
      const out = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString('utf8')), done()) });
      const counts = { scanned: 0, exported: 0 };
      await exportFromStore(
        store,
        parseExportFilter(['--from', String(from), '--to', String(to), '--type', 'BookingCancelled', '--stream', 'booking-BK-3']),
        out,
        counts,
        () => undefined,
      );
      const expected = all.filter(
        (event) => event.position >= from && event.position <= to && event.type === 'BookingCancelled' && event.streamId === 'booking-BK-3',
      );
      expect(expected.length).to.be.greaterThan(100);
      expect(linesOf(text)).to.deep.equal(expected);
      // each line the record's RFC 8785 text (by the tests' own writer), as the embedded log's export writes it
      expect(text.split('\n').filter(Boolean)).to.deep.equal(expected.map((event) => jcs(event)));
      expect(counts).to.deep.equal({ scanned: 10_901, exported: expected.length });
    } finally {
      await store.close();
    }
  });
});
