/**
 * Subscriptions of the personal-data layer over file keys, whose batches are revealed ahead
 * of the handler: the handler sees what it would see revealing each batch just before
 * applying it, erasures included.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { ERASED } from '@stays/contracts';
import type { EventStore, RecordedEvent, Subscription, SubscriptionHandler } from '@stays/event-store';
import { FieldIntegrityError } from '../src/index.ts';
import { guestName, openLog, register, writeRegistrations, type Log } from './support/registrations.ts';

const GUESTS = 200;
const BATCH = 50;

const subscribe = (store: EventStore, handler: SubscriptionHandler): Subscription => store.subscribeToAll({ maxBatchSize: BATCH }, handler);

/** Follows the log with the handler held at its `held`th batch; `finish` lets it go on, waits until it has caught up and closes it. */
async function followHeldAt(store: EventStore, held: number): Promise<{ readonly batches: RecordedEvent[][]; finish(): Promise<void> }> {
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (release = resolve));
  const batches: RecordedEvent[][] = [];
  let caughtUp = false;
  const subscription = subscribe(store, {
    onBatch: async (events) => {
      batches.push([...events]);
      if (batches.length === held) await holding;
    },
    onCaughtUp: () => (caughtUp = true),
  });
  await until(() => batches.length === held);
  return {
    batches,
    finish: async () => {
      release();
      await until(() => caughtUp);
      await subscription.close();
    },
  };
}

const namesOf = (batches: readonly (readonly RecordedEvent[])[]) => batches.flat().map((event) => event.data.name);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}

describe('withPersonalData subscriptions revealing ahead of their handler (embedded log, file keys)', function () {
  this.timeout(60_000);
  let dir: string;
  let log: Log;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stays-pd-ahead-'));
    log = await openLog(dir, await writeRegistrations(dir, GUESTS));
  });
  afterEach(async () => {
    await log.store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('hands every follower the plain values, batch after batch in log order, then says it caught up', async () => {
    const followers = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<{ batches: RecordedEvent[][]; caughtUpAfter: number }>((resolve, reject) => {
            const batches: RecordedEvent[][] = [];
            const subscription = log.store.subscribeToAll(
              { maxBatchSize: BATCH },
              {
                onBatch: async (events) => {
                  batches.push([...events]);
                  await sleep(5);
                },
                onCaughtUp: () => void subscription.close().then(() => resolve({ batches, caughtUpAfter: batches.length })),
                onError: reject,
              },
            );
          }),
      ),
    );
    for (const { batches, caughtUpAfter } of followers) {
      expect(caughtUpAfter).to.equal(GUESTS / BATCH);
      expect(namesOf(batches)).to.deep.equal(Array.from({ length: GUESTS }, (_, i) => guestName(i)));
      expect(batches.flat().map((event) => event.position)).to.deep.equal([...batches.flat().map((event) => event.position)].sort((a, b) => a - b));
    }
    expect((await log.store.readAll()).map((event) => event.data.email)).to.deep.equal(Array.from({ length: GUESTS }, (_, i) => `guest${i}@example.in`));
  });

  it('reads a guest erased while later batches are revealed ahead as erased in every batch applied after the erasure', async () => {
    const { batches, finish } = await followHeldAt(log.store, 1);
    await sleep(300); // the batches after the first are revealed meanwhile
    // g60 is in the second batch, revealed by now; g180 in the fourth
    await log.keys.destroy('customer-g60');
    await log.keys.destroy('customer-g180');
    await finish();
    const names = namesOf(batches);
    expect(names[60]).to.equal(ERASED);
    expect(names[180]).to.equal(ERASED);
    expect(names.filter((name) => name === ERASED)).to.have.length(2);
    expect(batches.flat().find((event) => event.streamId === 'customer-g60')!.data).to.include({ email: ERASED, username: ERASED, accountId: 'g60' });
  });

  it('reads a guest erased mid-replay as erased in later batches, though their key was read for an earlier one', async () => {
    // a fifth batch of profile changes of guests g0…g39, whose keys were read (and cached) for the first batch
    for (let i = 0; i < 40; i++)
      await log.store.append(`customer-g${i}`, [
        { type: 'AccountProfileUpdated', data: { accountId: `g${i}`, role: 'customer', name: `Renamed ${i}`, email: `renamed${i}@example.in` } },
      ]);
    const { batches, finish } = await followHeldAt(log.store, 2);
    const registered = batches[0]!.find((event) => event.streamId === 'customer-g10')!;
    expect(registered.data.name).to.equal(guestName(10));
    await log.keys.destroy('customer-g10');
    await finish();
    const updates = batches.flat().filter((event) => event.type === 'AccountProfileUpdated');
    expect(updates.map((event) => event.data.name)).to.deep.equal(Array.from({ length: 40 }, (_, i) => (i === 10 ? ERASED : `Renamed ${i}`)));
    // a record handed out before the erasure, its values opened then, reads as erased once the key is gone
    expect(registered.data).to.include({ name: ERASED, email: ERASED, username: ERASED, accountId: 'g10' });
  });

  it('ends a subscription that reaches a tampered sealed value through onError, never handing it on as plain or as erased', async () => {
    const [stored] = await log.raw.readStream('customer-g5');
    const sealed = stored!.data.name as string;
    const middle = Math.floor(sealed.length / 2);
    const altered = `${sealed.slice(0, middle)}${sealed[middle] === 'A' ? 'B' : 'A'}${sealed.slice(middle + 1)}`;
    await log.raw.append('customer-g5', [{ type: 'AccountRegistered', data: { ...stored!.data, name: altered } }]);
    await register(log.store, GUESTS, GUESTS + 40);
    const tampered = (await log.raw.headPosition())! - 40;

    const batches: RecordedEvent[][] = [];
    let subscription!: Subscription;
    const failure = await new Promise<unknown>((resolve) => {
      subscription = subscribe(log.store, {
        onBatch: async (events) => {
          // as a read model that shows names: it reads them, and does not let the error stop it
          try {
            for (const event of events) void event.data.name;
          } catch {
            return;
          }
          batches.push([...events]);
        },
        onError: resolve,
      });
    });
    expect(failure).to.be.instanceOf(FieldIntegrityError);
    expect((failure as Error).message).to.contain('AccountRegistered.name+email+username of customer-g5');
    expect(subscription.status().state).to.equal('failed');
    const handed = batches.flat();
    expect(handed.map((event) => event.position)).to.deep.equal(Array.from({ length: GUESTS }, (_, i) => i));
    expect(handed.every((event) => event.position < tampered)).to.equal(true);
    expect(handed.some((event) => event.data.name === ERASED)).to.equal(false);
    // the process goes on: other reads still work
    expect((await log.store.readStream('customer-g6'))[0]!.data.name).to.equal(guestName(6));
  });

  it('starts no batch once closed during one, and closes the layer while the batch is held', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batchesStarted = 0;
    let failed: unknown;
    const subscription = subscribe(log.store, {
      onBatch: async () => {
        batchesStarted++;
        await held;
      },
      onError: (error) => (failed = error),
    });
    await until(() => batchesStarted === 1);
    await subscription.close();
    await log.store.close();
    release();
    await sleep(200);
    expect(batchesStarted).to.equal(1);
    expect(failed).to.equal(undefined);
    expect(subscription.status().state).to.equal('closed');
  });

  it('lets the process end by itself (no --exit) after a subscription closed during a batch', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'close-during-batch.ts')], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.error, 'the process did not end within 30 s').to.equal(undefined);
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout.trim()).to.equal('closed during a batch');
  });
});
