/**
 * What encrypting personal data costs (budget: at most 10 % slower), measured on the same
 * work with and without the personal-data layer, on the embedded log and the file key
 * store:
 * - the booking benchmark (booking.bench.ts: bookings over HTTP, 64 clients), once on a
 *   system without the layer and once as `npm start` runs, each in a fresh process
 *   (booking-process.ts);
 * - full replay into the read models of a product's log: the log each booking run above
 *   leaves (owners, hotels and rooms, some 650 guests signing up and verifying their contact,
 *   ~5,000 bookings with their invoices and emails), plain and encrypted alternately, three
 *   times each, the better of each kept;
 * - full replay into the read models (the replay benchmark's log: 20,000 accounts, each
 *   registered with name, email and username, then signed in 9 times), plain and
 *   encrypted alternately, twice each, the better of each kept; and once more on a log
 *   written in the format before, one ciphertext per field, which is what sealing an
 *   event's fields together saves. Besides the wall clock and the process's CPU time
 *   (which counts the reveal thread's work too), the CPU time of the main thread alone:
 *   what the layer still costs the thread that runs the projections;
 * - how long the reveal thread takes to start.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedEventStore } from '@stays/event-store';
import { RevealThread, createFileKeyStorage, encryptField, openKeyStore, openKeyStoreFor, withPersonalData, type KeyStore } from '@stays/personal-data';
import { loadConfig } from '@stays/service-kit';
import type { EventData, EventStore } from '@stays/event-store';
import { ReadModelRunner, discoverReadModels } from '@stays/projections';
import { createEmbeddedReadStore } from '@stays/read-store';
import { measureBookingsApart } from './booking-process.ts';
import { atMost, type Report } from './report.ts';

const ACCOUNTS = 20_000;
const SIGN_INS_PER_ACCOUNT = 9;
const BUDGET_PERCENT = 10;

const overhead = (plain: number, encrypted: number) => ((plain - encrypted) / plain) * 100;
const fastest = (replays: readonly Replay[]) => Math.max(...replays.map((replay) => replay.perSecond));
const leastCpu = (replays: readonly Replay[]) => Math.min(...replays.map((replay) => replay.cpuMs));
const leastMainThread = (replays: readonly Replay[]) => Math.min(...replays.map((replay) => replay.mainThreadCpuMs));

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-personal-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const openKeys = async (dir: string): Promise<KeyStore> => openKeyStore(await createFileKeyStorage(path.join(dir, 'keys')), Buffer.alloc(32, 7));

/** A replay's pace, and the CPU time it took: the CPU time moves far less with the other work on this shared machine. */
interface Replay {
  readonly perSecond: number;
  readonly cpuMs: number;
  /** The main thread's alone (NaN where /proc does not say). */
  readonly mainThreadCpuMs: number;
}

/** CPU time of this process's main thread, from /proc (Linux; clock ticks of 10 ms); NaN elsewhere. */
function mainThreadCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** How the log's personal fields are stored: plain, sealed together per event (as written now), or one ciphertext per field (as written before). */
type LogFormat = 'plain' | 'sealed' | 'per-field';

/** Appends with each personal field encrypted on its own, as the personal-data layer wrote them before. */
const perFieldWriter = (raw: EventStore, keys: KeyStore): Pick<EventStore, 'append'> => ({
  append: async (streamId, events, options) => raw.append(streamId, await Promise.all(events.map(async (event): Promise<EventData> => {
    if (event.type !== 'AccountRegistered') return event;
    const key = await keys.createDataKey(streamId);
    const data = { ...event.data };
    for (const field of ['name', 'email', 'username']) data[field] = encryptField(key, { subject: streamId, type: event.type, field }, data[field]);
    return { ...event, data };
  })), options),
});

async function benchReplay(format: LogFormat): Promise<Replay> {
  const encrypted = format !== 'plain';
  return withTempDir(async (dir) => {
    const keys = await openKeys(dir);
    const raw = await openEmbeddedEventStore(path.join(dir, 'events'));
    const writer = format === 'sealed' ? withPersonalData(raw, keys) : format === 'per-field' ? perFieldWriter(raw, keys) : raw;
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const accountId = randomUUID();
      const role = i % 2 === 0 ? 'customer' : 'hotel-owner';
      writes.push(writer.append(`${role === 'customer' ? 'customer' : 'owner'}-${accountId}`, [{
        type: 'AccountRegistered',
        data: { accountId, role, name: `Guest ${i}`, email: `guest${i}@example.in`, username: `guest${i}`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', via: 'password' },
      }, ...Array.from({ length: SIGN_INS_PER_ACCOUNT }, () => ({
        type: 'AccountSignedIn', data: { accountId, role, sessionId: randomUUID(), method: 'password', expiresAt: '2030-01-01T00:00:00.000Z' },
      }))], { expectedRevision: 'no_stream' }));
      if (writes.length >= 512) await Promise.all(writes.splice(0));
    }
    await Promise.all(writes);
    await raw.close();
    await keys.close();

    // a fresh process: the log and the key store opened cold, no key cached, no shard read
    const reopened = await openEmbeddedEventStore(path.join(dir, 'events'));
    const coldKeys = await openKeys(dir);
    try {
      return await timedReplay(() => (encrypted ? withPersonalData(reopened, coldKeys) : reopened));
    } finally {
      await coldKeys.close();
    }
  });
}

/** Every read model built from the log `open` gives (timed from the call, so the layer's start counts), then closed. */
async function timedReplay(open: () => EventStore): Promise<Replay> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuMs();
  const store = open();
  const events = ((await store.headPosition()) ?? -1) + 1;
  const runner = new ReadModelRunner(store, createEmbeddedReadStore(), await discoverReadModels(), { log: () => undefined });
  await runner.start();
  await runner.whenCaughtUp();
  const perSecond = events / ((performance.now() - started) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const mainThread = mainThreadCpuMs() - mainBefore;
  await runner.stop();
  await store.close();
  return { perSecond, cpuMs: (cpu.user + cpu.system) / 1000, mainThreadCpuMs: mainThread };
}

/** A replay of the product log kept under `dataDir` (a booking run's DATA_DIR), through the personal-data layer as `npm start` opens it when `encrypted`. */
async function replayProductLog(dataDir: string, encrypted: boolean): Promise<Replay> {
  const raw = await openEmbeddedEventStore(path.join(dataDir, 'events'));
  if (!encrypted) return timedReplay(() => raw);
  const keys = await openKeyStoreFor(loadConfig({ DATA_DIR: dataDir }), { rawLog: raw, keepMasterKeyInDataDir: true });
  try {
    return await timedReplay(() => withPersonalData(raw, keys));
  } finally {
    // closed, so the next round reads the shards from disk again, as a fresh process would
    await keys.close();
  }
}

/** From creating the reveal thread until it runs (batches before are revealed on the main thread). */
async function revealThreadStartMs(): Promise<number> {
  return withTempDir(async (dir) => {
    const keys = await openKeys(dir);
    const started = performance.now();
    const thread = new RevealThread(keys.keysForThread()!);
    while (!thread.ready) await new Promise((resolve) => setTimeout(resolve, 1));
    const ms = performance.now() - started;
    await thread.close();
    return ms;
  });
}

export default async function benchPersonalData(report: Report): Promise<void> {
  await withTempDir(async (kept) => {
    const plainBookings = await measureBookingsApart(report, { encryptPersonalData: false, label: 'no personal data layer: ', keepDataDirIn: path.join(kept, 'plain') });
    const encryptedBookings = await measureBookingsApart(report, { encryptPersonalData: true, label: 'personal fields encrypted: ', keepDataDirIn: path.join(kept, 'encrypted') });
    report('cost of encryption on the booking benchmark', overhead(plainBookings, encryptedBookings), '% slower', atMost(BUDGET_PERCENT));

    const plain: Replay[] = [];
    const encrypted: Replay[] = [];
    for (let round = 0; round < 3; round++) {
      plain.push(await replayProductLog(path.join(kept, 'plain'), false));
      encrypted.push(await replayProductLog(path.join(kept, 'encrypted'), true));
    }
    report('full replay of the booking runs\' logs: plain', fastest(plain), 'events/s');
    report('full replay of the booking runs\' logs: personal fields decrypted', fastest(encrypted), 'events/s');
    report('cost of encryption on full replay of a product log', overhead(fastest(plain), fastest(encrypted)), '% slower', atMost(BUDGET_PERCENT));
    report('same, main thread CPU time: plain', leastMainThread(plain), 'ms');
    report('same, main thread CPU time: personal fields decrypted', leastMainThread(encrypted), 'ms');
  });

  // plain and encrypted replays alternate, three times each, and the better of each is kept: the machine's other load moves both alike
  const plain: Replay[] = [];
  const encrypted: Replay[] = [];
  for (let round = 0; round < 3; round++) {
    plain.push(await benchReplay('plain'));
    encrypted.push(await benchReplay('sealed'));
  }
  const perField = await benchReplay('per-field');
  report(`full replay of sign-ups only, ${ACCOUNTS * (1 + SIGN_INS_PER_ACCOUNT)} events (a new person every ${1 + SIGN_INS_PER_ACCOUNT}): plain`, fastest(plain), 'events/s');
  report('full replay of sign-ups only: personal fields decrypted (keys read cold)', fastest(encrypted), 'events/s');
  report('cost of encryption on full replay of sign-ups only', overhead(fastest(plain), fastest(encrypted)), '% slower', atMost(BUDGET_PERCENT));
  report('full replay, CPU time: plain', leastCpu(plain), 'ms');
  report('full replay, CPU time: personal fields decrypted', leastCpu(encrypted), 'ms');
  report('cost of encryption on full replay, in CPU time', ((leastCpu(encrypted) - leastCpu(plain)) / leastCpu(plain)) * 100, '% more (both threads)');
  report('full replay, main thread CPU time: plain', leastMainThread(plain), 'ms');
  report('full replay, main thread CPU time: personal fields decrypted', leastMainThread(encrypted), 'ms');
  report('cost of encryption on full replay, main thread CPU', ((leastMainThread(encrypted) - leastMainThread(plain)) / leastMainThread(plain)) * 100, '% more', atMost(BUDGET_PERCENT));
  report('reveal thread start-up', await revealThreadStartMs(), 'ms');
  report('full replay of a log encrypted field by field (pd1)', perField.perSecond, 'events/s');
  report('full replay, CPU time: encrypted field by field (pd1)', perField.cpuMs, 'ms');
}
