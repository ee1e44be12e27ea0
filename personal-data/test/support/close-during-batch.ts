/**
 * Run as its own process by reveal-ahead.unit.test.ts: follows a log through the personal-data
 * layer, closes the subscription and the layer while a batch is being applied, and then
 * has nothing left to do, so the process must end by itself (a thread or handle left
 * running would keep it alive).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openLog, writeRegistrations } from './registrations.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'stays-pd-close-'));
const { store } = await openLog(dir, await writeRegistrations(dir, 200));
let release!: () => void;
const held = new Promise<void>((resolve) => (release = resolve));
let started!: () => void;
const firstBatch = new Promise<void>((resolve) => (started = resolve));
const subscription = store.subscribeToAll(
  { maxBatchSize: 50 },
  {
    onBatch: async () => {
      started();
      await held;
    },
  },
);
await firstBatch;
await subscription.close();
await store.close();
release();
await rm(dir, { recursive: true, force: true });
console.log('closed during a batch');
