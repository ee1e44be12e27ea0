/**
 * The embedded log's cursor on its own, over a log kept in an array: closing it stops its
 * reads for good, whether it waits for new events, reads a batch or has just caught up,
 * and it tells the log it has gone (the log shares decoded events only among the cursors
 * still reading). Whoever follows it through the store never sees this: the resuming
 * subscription around it drops late callbacks, so only here does a cursor left running show.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { LogSubscription, NewEventsSignal, type DurableLog } from '../src/embedded/log-subscription.ts';
import type { SubscriptionHandler } from '../src/port.ts';
import { recordedEvent } from './support/recorded-event.ts';
import { until } from './support/until.ts';

function arrayLog(count: number) {
  const events = Array.from({ length: count }, (_, i) => recordedEvent(i));
  const signal = new NewEventsSignal();
  let reads = 0;
  let readGate: Promise<void> = Promise.resolve();
  let failure: Error | undefined;
  const log: DurableLog = {
    head: () => events.length - 1,
    readAfter: async (after, maxCount) => {
      reads++;
      await readGate;
      if (failure) throw failure;
      return events.slice(after + 1, after + 1 + maxCount);
    },
  };
  return {
    log,
    signal,
    reads: () => reads,
    append: () => {
      events.push(recordedEvent(events.length));
      signal.notify();
    },
    holdReads: (gate: Promise<void>) => (readGate = gate),
    failReads: (error: Error) => (failure = error),
  };
}

function collecting(extra: Partial<SubscriptionHandler> = {}) {
  const seen: number[] = [];
  const handler: SubscriptionHandler = {
    onBatch: async (events) => {
      seen.push(...events.map((e) => e.position));
    },
    ...extra,
  };
  return { seen, handler };
}

describe('embedded log: one subscription cursor', function () {
  it('reads from after its position, says next where it reads, and nothing once closed', async function () {
    const log = arrayLog(5);
    const { seen, handler } = collecting();
    const closed: LogSubscription[] = [];
    const cursor = new LogSubscription(log.log, log.signal, { after: 1, maxBatchSize: 2 }, handler, (gone) => closed.push(gone));
    expect(cursor.nextToRead()).to.equal(2);
    await until(() => seen.length === 3, 'the events after position 1');
    expect(seen).to.deep.equal([2, 3, 4]);
    expect(cursor.nextToRead()).to.equal(5);
    await cursor.close();
    await cursor.close();
    expect(cursor.nextToRead()).to.equal(null);
    expect(closed, 'the log is told once').to.deep.equal([cursor]);
  });

  it('stops waiting for new events when closed, and reads no more', async function () {
    const log = arrayLog(2);
    const { seen, handler } = collecting();
    const cursor = new LogSubscription(log.log, log.signal, { after: -1, maxBatchSize: 10 }, handler, () => undefined);
    await until(() => seen.length === 2, 'the log');
    const reads = log.reads();
    await cursor.close();
    log.append();
    await sleep(20);
    expect(log.reads()).to.equal(reads);
    expect(seen).to.deep.equal([0, 1]);
  });

  it('hands over no batch it was reading when it was closed', async function () {
    const log = arrayLog(3);
    const { seen, handler } = collecting();
    let release!: () => void;
    log.holdReads(new Promise<void>((resolve) => (release = resolve)));
    const cursor = new LogSubscription(log.log, log.signal, { after: -1, maxBatchSize: 10 }, handler, () => undefined);
    await until(() => log.reads() === 1, 'the first read');
    await cursor.close();
    release();
    await sleep(20);
    expect(seen).to.deep.equal([]);
    expect(log.reads()).to.equal(1);
  });

  it('reads nothing more when the handler closes it as it catches up', async function () {
    const log = arrayLog(2);
    // delivery starts on a later tick, once the cursor is assigned
    const { seen, handler } = collecting({ onCaughtUp: () => void cursor.close() });
    const cursor = new LogSubscription(log.log, log.signal, { after: -1, maxBatchSize: 10 }, handler, () => undefined);
    await until(() => cursor.nextToRead() === null, 'closed');
    log.append();
    await sleep(20);
    expect(seen).to.deep.equal([0, 1]);
    expect(log.reads()).to.equal(1);
  });

  it('follows without onCaughtUp or onError given, and closes itself at a failed read', async function () {
    const log = arrayLog(2);
    const { seen, handler } = collecting();
    const closed: LogSubscription[] = [];
    const cursor = new LogSubscription(log.log, log.signal, { after: -1, maxBatchSize: 10 }, handler, (gone) => closed.push(gone));
    await until(() => seen.length === 2, 'the log');
    log.failReads(new Error('disk gone'));
    log.append();
    await until(() => closed.length === 1, 'closed after the failure');
    expect(cursor.nextToRead()).to.equal(null);
  });
});
