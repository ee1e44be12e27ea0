/**
 * The subscription that outlives its connections, on its own: every one-shot subscription
 * it opens is scripted here, so a test can make an old one call back after it was replaced
 * or closed, as a driver's late callbacks do. Whatever the old ones do, the handler sees
 * each event once, in order, onCaughtUp once, and onError only for what a retry cannot fix.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { ResumingSubscription } from '../src/resuming-subscription.ts';
import type { SubscriptionHandler } from '../src/port.ts';
import { recordedEvent } from './support/recorded-event.ts';
import { until } from './support/until.ts';

class Lost extends Error {}
class Broken extends Error {}

/** One subscription the resuming one opened: its handler, the position it was opened after, and whether it was closed. */
interface Opened {
  readonly after: number | undefined;
  readonly handler: SubscriptionHandler;
  closed: boolean;
}

function scripted(options: { after?: number; name?: string; handler?: Partial<SubscriptionHandler>; withoutOnError?: boolean; retryDelayMs?: number } = {}) {
  const opened: Opened[] = [];
  const delivered: number[] = [];
  const errors: unknown[] = [];
  const logs: string[] = [];
  let caughtUp = 0;
  const delay = options.retryDelayMs ?? 1;
  const subscription = new ResumingSubscription(
    (after, handler) => {
      const one: Opened = { after, handler, closed: false };
      opened.push(one);
      return {
        close: async () => {
          one.closed = true;
        },
      };
    },
    { after: options.after, name: 'name' in options ? options.name : 'projection test' },
    {
      onBatch: async (events) => {
        delivered.push(...events.map((e) => e.position));
        await options.handler?.onBatch?.(events);
      },
      onCaughtUp: () => caughtUp++,
      ...(options.withoutOnError !== true && { onError: (error: unknown) => void errors.push(error) }),
    },
    { isTransient: (error) => error instanceof Lost, backoff: { initialDelayMs: delay, maxDelayMs: delay }, log: (line) => logs.push(line) },
  );
  return { subscription, opened, delivered, errors, logs, caughtUps: () => caughtUp, latest: () => opened.at(-1)! };
}

describe('a resuming subscription, its connections scripted', function () {
  it('opens the first subscription after the given position, catching up until it says it is caught up', async function () {
    const { subscription, opened, latest, caughtUps } = scripted({ after: 41 });
    expect(opened.map((one) => one.after)).to.deep.equal([41]);
    expect(subscription.status()).to.deep.equal({ state: 'catching-up', position: 41, retries: 0, error: null });
    await latest().handler.onBatch([recordedEvent(42), recordedEvent(43)]);
    expect(subscription.status()).to.deep.include({ state: 'catching-up', position: 43 });
    latest().handler.onCaughtUp!();
    expect(subscription.status().state).to.equal('live');
    expect(caughtUps()).to.equal(1);
    await subscription.close();
  });

  it('resumes after the last handled event, says so in one line each way, and calls onCaughtUp only once', async function () {
    const { subscription, opened, delivered, logs, latest, caughtUps } = scripted();
    await latest().handler.onBatch([recordedEvent(0), recordedEvent(1)]);
    latest().handler.onCaughtUp!();
    latest().handler.onError!(new Lost('connection dropped'));
    expect(subscription.status()).to.deep.equal({ state: 'retrying', position: 1, retries: 1, error: 'Lost: connection dropped' });
    expect(opened[0]!.closed, 'the failed one is closed').to.equal(true);
    await until(() => opened.length === 2, 'the second subscription');
    expect(opened[1]!.after).to.equal(1);
    // still retrying until the new one shows it works
    expect(subscription.status().state).to.equal('retrying');
    latest().handler.onError!(new Lost('no connection'));
    await until(() => opened.length === 3, 'the third subscription');
    expect(subscription.status().retries).to.equal(2);
    await latest().handler.onBatch([recordedEvent(2)]);
    expect(subscription.status()).to.deep.equal({ state: 'catching-up', position: 2, retries: 0, error: null });
    latest().handler.onCaughtUp!();
    expect(subscription.status().state).to.equal('live');
    expect(caughtUps(), 'once, not again after each reconnect').to.equal(1);
    expect(delivered).to.deep.equal([0, 1, 2]);
    expect(logs.map((line) => line.replace(/in \d+ ms/, 'in N ms'))).to.deep.equal([
      'subscription projection test lost after position 1 (Lost: connection dropped); resubscribing in N ms (retry 1)',
      'subscription projection test lost after position 1 (Lost: no connection); resubscribing in N ms (retry 2)',
      'subscription projection test resumed after 2 retries, after position 2',
    ]);
    await subscription.close();
  });

  it('counts a subscription that is caught up at once as recovered, and names a start without a position', async function () {
    const { subscription, opened, logs, latest } = scripted();
    latest().handler.onError!(new Lost('connection dropped'));
    await until(() => opened.length === 2, 'the second subscription');
    latest().handler.onCaughtUp!();
    expect(subscription.status()).to.deep.equal({ state: 'live', position: undefined, retries: 0, error: null });
    expect(logs[0]).to.match(/^subscription projection test lost after position start \(Lost: connection dropped\); resubscribing in \d+ ms \(retry 1\)$/);
    expect(logs[1]).to.equal('subscription projection test resumed after 1 retry, after position start');
    await subscription.close();
  });

  it('lets no callback of a replaced subscription reach the handler', async function () {
    const { subscription, opened, delivered, errors, latest, caughtUps } = scripted();
    const first = latest().handler;
    await first.onBatch([recordedEvent(0)]);
    first.onError!(new Lost('connection dropped'));
    await until(() => opened.length === 2, 'the second subscription');
    // the driver's late callbacks from the one that failed
    await first.onBatch([recordedEvent(1)]);
    first.onCaughtUp!();
    first.onError!(new Broken('late failure'));
    first.onError!(new Lost('late drop'));
    expect(delivered).to.deep.equal([0]);
    expect(caughtUps()).to.equal(0);
    expect(errors).to.deep.equal([]);
    expect(opened.length, 'no retry for a late drop').to.equal(2);
    expect(subscription.status()).to.deep.include({ state: 'retrying', position: 0, retries: 1 });
    await latest().handler.onBatch([recordedEvent(1)]);
    expect(delivered).to.deep.equal([0, 1]);
    await subscription.close();
  });

  it('waits for the batch the handler holds before resubscribing after it', async function () {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { subscription, opened, latest } = scripted({ handler: { onBatch: (events) => (events[0]!.position === 5 ? held : Promise.resolve()) } });
    const batch = latest().handler.onBatch([recordedEvent(5), recordedEvent(6)]);
    latest().handler.onError!(new Lost('connection dropped'));
    await sleep(20);
    expect(opened.length, 'not while the handler holds a batch').to.equal(1);
    release();
    await batch;
    await until(() => opened.length === 2, 'the second subscription');
    expect(opened[1]!.after, 'after the batch the handler was given').to.equal(6);
    await subscription.close();
  });

  it('stops for good when the handler throws, even if the connection drops meanwhile', async function () {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failure = new Error('projection failed');
    const { subscription, opened, errors, latest } = scripted({
      handler: {
        onBatch: async () => {
          await held;
          throw failure;
        },
      },
    });
    const batch = latest().handler.onBatch([recordedEvent(0)]);
    latest().handler.onError!(new Lost('connection dropped'));
    release();
    await batch.catch(() => undefined);
    await until(() => errors.length > 0, 'onError');
    await sleep(20);
    expect(errors).to.deep.equal([failure]);
    expect(opened.length, 'no resubscription after the handler failed').to.equal(1);
    expect(subscription.status()).to.deep.include({ state: 'failed', error: 'Error: projection failed' });
  });

  it("reports the handler's failure, not the end it causes, when the subscription calls onError after onBatch threw", async function () {
    const failure = new Error('projection failed');
    const { subscription, opened, errors, logs, latest } = scripted({
      handler: {
        onBatch: async () => {
          throw failure;
        },
      },
    });
    await latest()
      .handler.onBatch([recordedEvent(0)])
      .catch(() => undefined);
    // the one-shot subscription ends at a throwing handler and says so; its error is transient-looking
    latest().handler.onError!(new Lost('subscription ended'));
    await sleep(20);
    expect(errors).to.deep.equal([failure]);
    expect(logs, 'no connection was lost').to.deep.equal([]);
    expect(opened.length).to.equal(1);
    expect(opened[0]!.closed).to.equal(true);
    expect(subscription.status()).to.deep.include({ state: 'failed', retries: 0 });
  });

  it('stops for good at an error a retry cannot fix, closing the subscription that failed', async function () {
    const { subscription, opened, errors, latest } = scripted();
    const broken = new Broken('access denied');
    latest().handler.onError!(broken);
    await sleep(20);
    expect(errors).to.deep.equal([broken]);
    expect(opened.length).to.equal(1);
    expect(opened[0]!.closed).to.equal(true);
    expect(subscription.status()).to.deep.include({ state: 'failed', error: 'Broken: access denied' });
  });

  it('close() closes the subscription it holds, and nothing reaches the handler after it', async function () {
    const { subscription, opened, delivered, errors, latest, caughtUps } = scripted({ after: 3 });
    await latest().handler.onBatch([recordedEvent(4)]);
    await subscription.close();
    expect(opened[0]!.closed).to.equal(true);
    expect(subscription.status()).to.deep.equal({ state: 'closed', position: 4, retries: 0, error: null });
    await latest().handler.onBatch([recordedEvent(5)]);
    latest().handler.onCaughtUp!();
    latest().handler.onError!(new Lost('late drop'));
    await sleep(20);
    expect(delivered).to.deep.equal([4]);
    expect(caughtUps()).to.equal(0);
    expect(errors).to.deep.equal([]);
    expect(opened.length).to.equal(1);
    await subscription.close();
    expect(subscription.status().state, 'a second close changes nothing').to.equal('closed');
  });

  it('close() during a batch keeps the position of the last batch finished before it', async function () {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { subscription, latest } = scripted({ handler: { onBatch: (events) => (events[0]!.position === 8 ? held : Promise.resolve()) } });
    await latest().handler.onBatch([recordedEvent(7)]);
    const batch = latest().handler.onBatch([recordedEvent(8)]);
    await subscription.close();
    release();
    await batch;
    expect(subscription.status()).to.deep.include({ state: 'closed', position: 7 });
  });

  it('leaves no timer behind to hold the process once closed, while waiting to resubscribe or for the batch before it', async function () {
    // counted around synchronous steps only, so no other timer comes or goes between two counts
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await nextTurn(); // mocha arms its own timeout once the test's first step has run
    const waiting = scripted({ retryDelayMs: 10_000 });
    let count = timers();
    waiting.latest().handler.onError!(new Lost('connection dropped'));
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    expect(timers(), 'the retry waits on a timer').to.equal(count + 1);
    count = timers();
    void waiting.subscription.close();
    expect(timers()).to.equal(count - 1);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = scripted({ retryDelayMs: 10_000, handler: { onBatch: () => held } });
    const batch = holding.latest().handler.onBatch([recordedEvent(0)]);
    holding.latest().handler.onError!(new Lost('connection dropped'));
    await holding.subscription.close();
    count = timers();
    release();
    await batch;
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    expect(timers(), 'no retry set up after the close').to.equal(count);
  });

  it('is named a subscription to $all without a name, and prints what stopped it to the console without onError', async function () {
    const printed: unknown[][] = [];
    const print = console.error;
    console.error = (...line: unknown[]) => void printed.push(line);
    try {
      const { subscription, logs, latest, opened } = scripted({ name: undefined, withoutOnError: true });
      latest().handler.onError!(new Lost('connection dropped'));
      await until(() => opened.length === 2, 'the second subscription');
      expect(logs[0]).to.match(/^subscription to \$all lost after position start /);
      const broken = new Broken('access denied');
      latest().handler.onError!(broken);
      expect(printed).to.deep.equal([['subscription to $all stopped:', broken]]);
      expect(subscription.status().state).to.equal('failed');
    } finally {
      console.error = print;
    }
  });

  it('close() while waiting to resubscribe cancels the retry', async function () {
    const { subscription, opened, latest } = scripted({ retryDelayMs: 30 });
    latest().handler.onError!(new Lost('connection dropped'));
    await sleep(5);
    await subscription.close();
    await sleep(60);
    expect(opened.length).to.equal(1);
    expect(subscription.status().state).to.equal('closed');
  });
});
