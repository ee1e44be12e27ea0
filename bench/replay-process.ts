/**
 * One full replay of an embedded log into the read models, in a process of its own:
 * `replayApart` runs bench/replay-process.ts as a child and returns what it measured. The
 * personal data benchmark compares replays of the same events plain, through the layer, and
 * handed over without decryption (the floor); run one after another in one process, each
 * met the heap the one before left (a floor replay after the reads that gathered its values
 * measured 5 % and 33 % slower than plain in two runs), so each now starts from a fresh
 * process, its garbage collected before the clock starts (`--expose-gc`).
 *
 * As a script: `replay-process.ts <how: plain|layer|floor> <log dir> <keys: data-dir|bench-key> [models]`,
 * the log under `<log dir>/events`, `models` the read models to rebuild (names, comma
 * separated; all when absent); `data-dir` opens the key store as `npm start` does with
 * DATA_DIR=<log dir>, `bench-key` the file key store `<log dir>/keys` under the benchmark's
 * fixed master key. Prints the Replay as one JSON line.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { personalFieldsOf } from '@stays/contracts';
import { openEmbeddedEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { createFileKeyStorage, openFields, openKeyStore, openKeyStoreFor, withPersonalData, type KeyStore, type RecordPlace } from '@stays/personal-data';
import { ReadModelRunner, discoverReadModels } from '@stays/projections';
import { createEmbeddedReadStore } from '@stays/read-store';
import { loadConfig } from '@stays/service-kit';
import { npmStartNodeFlags } from '../standalone/test/support/npm-start-flags.ts';

/** A replay's pace, and the CPU time it took: the CPU time moves far less with the other work on this shared machine. */
export interface Replay {
  readonly perSecond: number;
  /** The process's: the main thread and V8's helpers (the garbage collector, the compilers). */
  readonly cpuMs: number;
  /** The main thread's alone (NaN where /proc does not say). */
  readonly mainThreadCpuMs: number;
}

/**
 * plain: the log as stored, no layer; layer: through the personal-data layer as `npm start`
 * reads it; floor: handOverOnly; the lower bound: the floor plus the layer's own decryption
 * and nothing else of it, each personal record opened once (decryptedHere).
 */
export type ReplayHow = 'plain' | 'layer' | 'floor' | 'floor, decrypted here';
/** How the key store is opened: as `npm start` does with DATA_DIR=<log dir>, or `<log dir>/keys` under BENCH_MASTER_KEY. */
export type ReplayKeys = 'data-dir' | 'bench-key';

/** The master key of the logs the benchmark writes itself. */
export const BENCH_MASTER_KEY = Buffer.alloc(32, 7);

/** `models`: the names of the read models to rebuild, all of them when absent. */
export async function replayApart(how: ReplayHow, logDir: string, keys: ReplayKeys, models?: readonly string[]): Promise<Replay> {
  const script = fileURLToPath(import.meta.url);
  const args = [...npmStartNodeFlags(), '--expose-gc', '--import', 'tsx', script, how, logDir, keys, ...(models === undefined ? [] : [models.join(',')])];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Replay;
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

/** The read models to rebuild: those named, or all when none are. */
async function readModels(names: readonly string[] | undefined) {
  const all = await discoverReadModels();
  if (names === undefined) return all;
  const chosen = all.filter((model) => names.includes(model.name));
  if (chosen.length !== names.length) throw new Error(`no read model named ${names.filter((name) => !all.some((model) => model.name === name)).join(', ')}`);
  return chosen;
}

/**
 * Every read model built from the log `open` gives (timed from the call, so the layer's start
 * counts), then closed; models that read no personal field follow `storedLog` when given, as
 * in `npm start`.
 */
async function timedReplay(open: () => EventStore, models?: readonly string[], storedLog?: EventStore): Promise<Replay> {
  const definitions = await readModels(models);
  // what opening the log (and gathering the floor's values) left behind is collected before the clock starts
  (globalThis as { gc?: () => void }).gc?.();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuMs();
  const store = open();
  const events = ((await store.headPosition()) ?? -1) + 1;
  const runner = new ReadModelRunner(store, createEmbeddedReadStore(), definitions, { log: () => undefined, ...(storedLog && { storedLog }) });
  await runner.start();
  await runner.whenCaughtUp();
  const perSecond = events / ((performance.now() - started) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const mainThread = mainThreadCpuMs() - mainBefore;
  await runner.stop();
  await store.close();
  return { perSecond, cpuMs: (cpu.user + cpu.system) / 1000, mainThreadCpuMs: mainThread };
}

/** A record's personal fields that hold a value, and their plain values as one JSON array text. */
interface PlainFields {
  readonly fields: readonly string[];
  readonly json: string;
}

/** PlainFields of every record with personal fields, by position. */
function plainFieldsByPosition(revealed: readonly RecordedEvent[]): Map<number, PlainFields> {
  const values = new Map<number, PlainFields>();
  for (const record of revealed) {
    const declared = personalFieldsOf(record.type);
    if (declared === undefined) continue;
    const fields = declared.fields.filter((field) => record.data[field] != null);
    values.set(record.position, { fields, json: JSON.stringify(fields.map((field) => record.data[field])) });
  }
  return values;
}

/**
 * The log `raw` handed to its followers as the layer hands it, but with no decryption and no
 * keys: each batch's personal records copied with their plain values and frozen, the values
 * parsed from one JSON text per batch (so they are new strings, as decrypted ones are), the
 * copied batch shared by every follower that reads the same batch. What any layer that hands
 * read models plain values must do at least: the floor under its cost.
 */
function handOverOnly(raw: EventStore, plain: ReadonlyMap<number, PlainFields>): EventStore {
  const shared = new Map<RecordedEvent, readonly RecordedEvent[]>();
  const handOver = (records: readonly RecordedEvent[]): RecordedEvent[] => {
    const known = shared.get(records[0]!);
    if (known !== undefined && known.length === records.length && known.every((record, i) => record.position === records[i]!.position)) return known.slice();
    const personal: number[] = [];
    const texts: string[] = [];
    records.forEach((record, index) => {
      const values = personalFieldsOf(record.type) && plain.get(record.position);
      if (!values) return;
      personal.push(index);
      texts.push(values.json);
    });
    const parsed = JSON.parse(`[${texts.join(',')}]`) as unknown[][];
    const copied = records.slice();
    personal.forEach((index, i) => {
      const record = records[index]!;
      const { fields } = plain.get(record.position)!;
      const data = { ...record.data };
      fields.forEach((field, k) => (data[field] = parsed[i]![k]));
      copied[index] = Object.freeze({ ...record, data: Object.freeze(data) });
    });
    shared.set(records[0]!, copied);
    if (shared.size > 16) shared.delete(shared.keys().next().value!);
    return copied;
  };
  return withBatchesThrough(raw, handOver);
}

/** `store`, each follower's batch passed through `through` before its handler sees it. */
function withBatchesThrough(
  store: EventStore,
  through: (records: readonly RecordedEvent[]) => readonly RecordedEvent[] | Promise<readonly RecordedEvent[]>,
): EventStore {
  return {
    append: (streamId, events, options) => store.append(streamId, events, options),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    readAt: (positions) => store.readAt(positions),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    subscribeToAll: (options, handler) =>
      store.subscribeToAll(options, { ...handler, onBatch: async (records) => handler.onBatch(records.length === 0 ? [] : await through(records)) }),
  };
}

/** A sealed personal record of the log: where its values belong, and what it stores. */
interface SealedRecord {
  readonly place: RecordPlace;
  readonly stored: readonly unknown[];
}

/** Every record of the log whose personal fields are sealed together, by position. */
function sealedRecordsByPosition(records: readonly RecordedEvent[]): Map<number, SealedRecord> {
  const sealed = new Map<number, SealedRecord>();
  for (const record of records) {
    const declared = personalFieldsOf(record.type);
    const fields = declared?.fields.filter((field) => record.data[field] != null) ?? [];
    if (declared === undefined || fields.length === 0) continue;
    sealed.set(record.position, {
      place: { subject: declared.subject(record.data), type: record.type, fields },
      stored: fields.map((field) => record.data[field]),
    });
  }
  return sealed;
}

/**
 * `store`, whose followers' batches have each sealed record in them opened first, once, on
 * this thread, with the layer's own calls (the subject's key from the key store, then the
 * record's values), the values dropped.
 */
function decryptedHere(store: EventStore, sealed: Map<number, SealedRecord>, keys: KeyStore): EventStore {
  const open = async (records: readonly RecordedEvent[]) => {
    const found = records.flatMap((record) => sealed.get(record.position) ?? []);
    for (const record of records) sealed.delete(record.position);
    const subjects = [...new Set(found.map(({ place }) => place.subject))];
    const dataKeys = await keys.dataKeys(subjects);
    const keyOf = new Map(subjects.map((subject, i) => [subject, dataKeys[i]]));
    for (const { place, stored } of found) {
      const key = keyOf.get(place.subject);
      if (key !== undefined) openFields(key, place, stored);
    }
  };
  return withBatchesThrough(store, async (records) => {
    await open(records);
    return records;
  });
}

/** The key store of the log under `logDir`, opened as `keys` says. */
export async function openKeys(logDir: string, raw: EventStore, keys: ReplayKeys): Promise<KeyStore> {
  if (keys === 'bench-key') return openKeyStore(await createFileKeyStorage(path.join(logDir, 'keys')), BENCH_MASTER_KEY);
  return openKeyStoreFor(loadConfig({ DATA_DIR: logDir }), { rawLog: raw, keepMasterKeyInDataDir: true });
}

/** `use` with the key store of the log under `logDir`, closed afterwards. */
async function withKeys<T>(logDir: string, raw: EventStore, keysFrom: ReplayKeys, use: (keys: KeyStore) => Promise<T>): Promise<T> {
  const keys = await openKeys(logDir, raw, keysFrom);
  try {
    return await use(keys);
  } finally {
    await keys.close();
  }
}

async function replay(how: ReplayHow, logDir: string, keysFrom: ReplayKeys, models?: readonly string[]): Promise<Replay> {
  const raw = await openEmbeddedEventStore(path.join(logDir, 'events'));
  if (how === 'plain') return timedReplay(() => raw, models);
  if (how === 'layer') return withKeys(logDir, raw, keysFrom, (keys) => timedReplay(() => withPersonalData(raw, keys), models, raw));
  // the plain values are gathered with a key store of their own, closed before the clock starts, so the lower bounds read keys cold as the layer does
  const plain = plainFieldsByPosition(await withKeys(logDir, raw, keysFrom, (keys) => withPersonalData(raw, keys).readAll()));
  if (how === 'floor') return timedReplay(() => handOverOnly(raw, plain));
  const sealed = sealedRecordsByPosition(await raw.readAll());
  return withKeys(logDir, raw, keysFrom, (keys) => timedReplay(() => handOverOnly(decryptedHere(raw, sealed, keys), plain)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [how, logDir, keys, models] = process.argv.slice(2) as [ReplayHow, string, ReplayKeys, string | undefined];
  process.stdout.write(`${JSON.stringify(await replay(how, logDir, keys, models?.split(',')))}\n`);
}
