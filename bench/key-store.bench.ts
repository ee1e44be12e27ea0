/**
 * The embedded key store's reads and writes for 20,000 people (a replay reads each
 * person's wrapped key once, in batches of 500 as a replay's batches ask for them):
 * - reading every key with the shards loaded from disk on the way (a replay after a start),
 *   and again with them in memory;
 * - the same read from one file per subject (the layout before), for comparison;
 * - creating every key at once (the changes to one shard made together), and folding a
 *   folder of the layout before into shards on open.
 * Reads are the best of three rounds.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFileKeyStorage, type WrappedKeyStorage } from '@stays/personal-data';
import type { Report } from './report.ts';

const PEOPLE = 20_000;
const BATCH = 500;
const ROUNDS = 3;

const microsecondsEach = (started: number) => ((performance.now() - started) * 1000) / PEOPLE;

async function readAllInBatches(storage: WrappedKeyStorage, subjects: readonly string[]): Promise<void> {
  for (let at = 0; at < subjects.length; at += BATCH) {
    const keys = await storage.getMany(subjects.slice(at, at + BATCH));
    if (keys.some((key) => key === undefined)) throw new Error('a key is missing');
  }
}

export default async function run(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-keys-'));
  try {
    const subjects = Array.from({ length: PEOPLE }, (_, index) => `customer-${randomBytes(12).toString('hex')}${index}`);
    const sharded = path.join(dir, 'sharded');
    let storage = await createFileKeyStorage(sharded);
    let started = performance.now();
    await Promise.all(subjects.map((subject) => storage.putIfAbsent(subject, randomBytes(60))));
    report('create 20,000 keys at once', (PEOPLE * 1000) / (performance.now() - started), 'keys/s');
    await storage.close();

    let cold = Infinity;
    let loaded = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      storage = await createFileKeyStorage(sharded);
      started = performance.now();
      await readAllInBatches(storage, subjects);
      cold = Math.min(cold, microsecondsEach(started));
      started = performance.now();
      await readAllInBatches(storage, subjects);
      loaded = Math.min(loaded, microsecondsEach(started));
      await storage.close();
    }
    report('read every key, 256 shards loaded on the way', cold, 'µs a person');
    report('read every key, shards in memory', loaded, 'µs a person');

    const perSubject = path.join(dir, 'per-subject');
    await mkdir(perSubject);
    for (const subject of subjects) await writeFile(path.join(perSubject, `${subject}.key`), randomBytes(60));
    let files = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      started = performance.now();
      for (const subject of subjects) readFileSync(path.join(perSubject, `${subject}.key`));
      files = Math.min(files, microsecondsEach(started));
    }
    report('read every key from a file per subject (layout before)', files, 'µs a person');

    started = performance.now();
    storage = await createFileKeyStorage(perSubject);
    report('fold 20,000 files of the layout before into shards on open', performance.now() - started, 'ms');
    await storage.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
