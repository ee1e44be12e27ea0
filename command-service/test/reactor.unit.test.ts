/**
 * defineReactor on its own, with a reactor that only counts: what every reactor gets from
 * it (checkpoint, retries with backoff, health with lag, the caught-up wait, due work).
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { openInMemoryEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { defineReactor, type ReactorDefinition, type ReactorDeps } from '../src/reactors/reactor.ts';
import { memoryReactorCheckpoints } from '../src/reactors/reactor-checkpoints.ts';
import { until } from './support/until.ts';

const quiet = () => undefined;

const held = (bookingID: string) => ({ type: 'GuestBookingHeld', data: { customerId: 'c1', bookingID, lastNight: '2030-01-10' } });
const released = (bookingID: string) => ({ type: 'GuestBookingReleased', data: { customerId: 'c1', bookingID } });

/** The store, with each batch of every subscription passed through `around`. */
function aroundBatches(store: EventStore, around: (events: readonly RecordedEvent[], handle: () => Promise<void>) => Promise<void>): EventStore {
  return {
    append: (...args) => store.append(...args),
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    readAt: (positions) => store.readAt(positions),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    subscribeToAll: (options, handler) =>
      store.subscribeToAll(options, { ...handler, onBatch: (events) => around(events, async () => handler.onBatch(events)) }),
  };
}

interface Hold {
  readonly heldAt: string;
}

/** A reactor with a pending item per held booking, whose work records the booking's id. */
function holdsReactor(deps: ReactorDeps, worked: string[], overrides: Partial<ReactorDefinition<Hold>> = {}) {
  return defineReactor<Hold>(
    {
      name: 'holds',
      version: 1,
      on: {
        GuestBookingHeld: ({ bookingID }, pending, { recordedAt }) => pending.set(bookingID, { heldAt: recordedAt }),
        GuestBookingReleased: ({ bookingID }, pending) => pending.delete(bookingID),
      },
      work: async (bookingID) => void worked.push(bookingID),
      lanes: 1,
      describeFailure: (key, error) => `${key}: ${String(error)}`,
      ...overrides,
    },
    { log: quiet, ...deps },
  );
}

/** Handlers under which a released booking's key is worked on at every start. */
const releasedWorkedAtEveryStart: ReactorDefinition<Hold>['on'] = {
  GuestBookingHeld: ({ bookingID }, pending, { recordedAt }) => pending.set(bookingID, { heldAt: recordedAt }),
  GuestBookingReleased: ({ bookingID }, pending) => {
    pending.delete(bookingID);
    pending.runAtEveryStart(bookingID);
  },
};

describe('defineReactor', function () {
  let store: EventStore;

  beforeEach(async function () {
    store = await openInMemoryEventStore();
  });
  afterEach(async function () {
    await store.close();
  });

  it('works only after catching up, on what the log still leaves pending', async function () {
    await store.append('guest-c1', [held('BK-1'), held('BK-2'), released('BK-1')]);
    const worked: string[] = [];
    const reactor = holdsReactor({ store }, worked);
    await reactor.start();
    await reactor.whenCaughtUp();
    await reactor.whenIdle();
    expect(worked).to.deep.equal(['BK-2']);

    await store.append('guest-c1', [held('BK-3')]);
    await until(() => worked.length === 2, 'the live event to be worked on');
    expect(worked).to.deep.equal(['BK-2', 'BK-3']);
    await reactor.stop();
  });

  it('keeps work that came for a key while that key was being worked on, and works on it next', async function () {
    const seen: string[] = [];
    let release!: () => void;
    const firstRunHeld = new Promise<void>((resolve) => (release = resolve));
    const reactor = holdsReactor({ store }, [], {
      work: async (bookingID, item) => {
        seen.push(`${bookingID} ${item?.heldAt ?? 'nothing'}`);
        if (seen.length === 1) await firstRunHeld;
      },
    });
    await reactor.start();
    await reactor.whenCaughtUp();
    await store.append('guest-c1', [held('BK-1')]);
    await until(() => seen.length === 1, 'the first run');
    const again = await store.append('guest-c1', [held('BK-1')]);
    const [{ recordedAt }] = await store.readAll({ after: again.position - 1 });
    await until(async () => (await reactor.health(60_000)).position === again.position, 'the second event handled');
    release();
    await reactor.whenIdle();

    expect(seen).to.have.length(2);
    expect(seen[1]).to.equal(`BK-1 ${recordedAt}`);
    await reactor.stop();
  });

  it('resumes after its checkpoint with the work it had left', async function () {
    const checkpoints = memoryReactorCheckpoints();
    await store.append('guest-c1', [held('BK-1')]);
    const failing = holdsReactor({ store, checkpoints }, [], {
      work: async () => {
        throw new Error('down');
      },
      retryDelaysMs: [3_600_000],
    });
    await failing.start();
    const head = (await store.headPosition())!;
    await until(async () => (await failing.health(60_000)).position === head, 'the first run to follow the log');
    await failing.stop();
    expect(await checkpoints.read('holds')).to.deep.include({ position: head, version: 1 });

    await store.append('guest-c1', [held('BK-2')]);
    const delivered: number[] = [];
    const spy = aroundBatches(store, (events, handle) => (delivered.push(...events.map((event) => event.position)), handle()));
    const worked: string[] = [];
    const second = holdsReactor({ store: spy, checkpoints }, worked);
    await second.start();
    await second.whenIdle();
    expect(
      delivered.every((position) => position > head),
      'only what came after the checkpoint',
    ).to.equal(true);
    expect(worked.sort()).to.deep.equal(['BK-1', 'BK-2']);
    await second.stop();
  });

  it('ignores a checkpoint of another format and replays the log', async function () {
    const checkpoints = memoryReactorCheckpoints();
    await store.append('guest-c1', [held('BK-1')]);
    await checkpoints.write('holds', { position: (await store.headPosition())!, version: 0, state: { waiting: [] } });
    const worked: string[] = [];
    const reactor = holdsReactor({ store, checkpoints }, worked);
    await reactor.start();
    await reactor.whenIdle();
    expect(worked).to.deep.equal(['BK-1']);
    await reactor.stop();
  });

  it('retries failing work after each backoff delay and logs each failure', async function () {
    await store.append('guest-c1', [held('BK-1')]);
    const lines: string[] = [];
    let attempts = 0;
    const startedAt: number[] = [];
    const reactor = holdsReactor({ store, log: (line) => lines.push(line) }, [], {
      work: async () => {
        startedAt.push(Date.now());
        if (++attempts < 3) throw new Error(`attempt ${attempts}`);
      },
      retryDelaysMs: [20, 60],
      describeFailure: (key, error, failures, retryInMs) => `${key} failed (${failures}x), retrying in ${retryInMs} ms: ${(error as Error).message}`,
    });
    await reactor.start();
    await reactor.whenIdle();
    expect(attempts).to.equal(3);
    expect(lines).to.deep.equal(['BK-1 failed (1x), retrying in 20 ms: attempt 1', 'BK-1 failed (2x), retrying in 60 ms: attempt 2']);
    expect(startedAt[1]! - startedAt[0]!).to.be.at.least(18);
    expect(startedAt[2]! - startedAt[1]!).to.be.at.least(58);
    await reactor.stop();
  });

  it('reports its lag behind the log, unhealthy before it starts and beyond the lag allowed', async function () {
    const reactor = holdsReactor({ store }, []);
    expect(await reactor.health(60_000)).to.deep.equal({ healthy: false, state: 'closed', position: undefined, lagMs: null, error: 'not started' });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = aroundBatches(store, async (_events, handle) => {
      await gate;
      await handle();
    });
    const behind = holdsReactor({ store: slow }, []);
    await store.append('guest-c1', [held('BK-1')]);
    await behind.start();
    await sleep(30);
    const lagging = await behind.health(10);
    expect(lagging.healthy).to.equal(false);
    expect(lagging.lagMs).to.be.at.least(10);
    release();
    await behind.whenCaughtUp();
    expect(await behind.health(10)).to.include({ healthy: true, lagMs: 0, position: await store.headPosition() });
    await behind.stop();
  });

  it('keeps work with a due test until it is due, then works on it at the next look or sweep', async function () {
    let now = 0;
    await store.append('guest-c1', [held('BK-1')]);
    const worked: string[] = [];
    const reactor = holdsReactor({ store }, worked, { due: { isDue: () => now >= 1, everyMs: 10 } });
    await reactor.start();
    await reactor.sweep();
    expect(worked).to.deep.equal([]);
    now = 1;
    await until(() => worked.length === 1, 'the timer to find the due work');
    await store.append('guest-c1', [held('BK-2')]);
    await until(async () => (await reactor.health(60_000)).position === (await store.headPosition()), 'the reactor to see BK-2');
    await reactor.sweep();
    expect(worked).to.deep.equal(['BK-1', 'BK-2']);
    await reactor.stop();
  });

  it('sweeps the due work of everything the log held when asked, even what its subscription has not handed over yet', async function () {
    let slow = false;
    const lagging = aroundBatches(store, async (_events, handle) => {
      if (slow) await sleep(200);
      await handle();
    });
    const worked: string[] = [];
    const reactor = holdsReactor({ store: lagging }, worked, { due: { isDue: () => true, everyMs: 60_000 } });
    await reactor.start();
    await reactor.whenCaughtUp();
    slow = true;
    await store.append('guest-c1', [held('BK-1')]);
    await reactor.sweep();
    expect(worked).to.deep.equal(['BK-1']);
    await reactor.stop();
  });

  it('saves on stop the work finished since its last checkpoint, though no event came after it', async function () {
    await store.append('guest-c1', [held('BK-1')]);
    const checkpoints = memoryReactorCheckpoints();
    const worked: string[] = [];
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const first = holdsReactor({ store, checkpoints }, worked, {
      work: async (bookingID) => {
        await finished;
        worked.push(bookingID);
      },
    });
    await first.start();
    // the checkpoint at the log's head is saved while BK-1 is still being worked on
    await until(async () => (await checkpoints.read('holds'))?.position === (await store.headPosition()), 'a checkpoint at the head');
    finish();
    await first.whenIdle();
    await first.stop();
    expect(worked).to.deep.equal(['BK-1']);

    const second = holdsReactor({ store, checkpoints }, worked);
    await second.start();
    await second.whenIdle();
    expect(worked, 'BK-1 is not worked on again').to.deep.equal(['BK-1']);
    await second.stop();
  });

  it('runs work on request, pending or not, even while catching up, and again at every start resuming from the checkpoint', async function () {
    await store.append('guest-c1', [held('BK-1'), released('BK-1'), held('BK-2')]);
    const checkpoints = memoryReactorCheckpoints();
    const worked: string[] = [];
    const definition: Partial<ReactorDefinition<Hold>> = {
      on: releasedWorkedAtEveryStart,
      work: async (bookingID, item) => void worked.push(`${bookingID}:${item === undefined ? 'none' : 'pending'}`),
    };
    const first = holdsReactor({ store, checkpoints }, worked, definition);
    await first.start();
    await first.whenIdle();
    expect(worked).to.have.members(['BK-1:none', 'BK-2:pending']);
    await first.stop();

    worked.length = 0;
    const second = holdsReactor({ store, checkpoints }, worked, definition);
    await second.start();
    await second.whenIdle();
    expect(worked).to.deep.equal(['BK-1:none']); // from the checkpoint: no event was read again
    expect((await second.health(60_000)).position).to.equal(await store.headPosition());
    await second.stop();
  });

  it('hands over nothing until the read side has caught up when told to wait for it, but runs the work of every start at once', async function () {
    await store.append('guest-c1', [held('BK-1'), released('BK-1'), held('BK-2')]);
    const checkpoints = memoryReactorCheckpoints();
    const definition: Partial<ReactorDefinition<Hold>> = { on: releasedWorkedAtEveryStart };
    const first = holdsReactor({ store, checkpoints }, [], definition);
    await first.start();
    await first.whenIdle();
    await first.stop();
    await store.append('guest-c1', [held('BK-3')]);

    const worked: string[] = [];
    let readSideCaughtUp!: () => void;
    const second = holdsReactor({ store, checkpoints, readSideFirst: () => new Promise<void>((resolve) => (readSideCaughtUp = resolve)) }, worked, definition);
    await second.start();
    await until(() => worked.length === 1, 'the work of every start');
    await sleep(50);
    expect(worked, 'only the work of every start').to.deep.equal(['BK-1']);
    expect((await second.health(60_000)).position, 'nothing handed over').to.equal(2);

    readSideCaughtUp();
    await second.whenIdle();
    expect(worked).to.deep.equal(['BK-1', 'BK-3']);
    expect((await second.health(60_000)).position).to.equal(await store.headPosition());
    await second.stop();
  });

  it('stops at once while waiting for the read side, and keeps its checkpoint where it was', async function () {
    await store.append('guest-c1', [held('BK-1')]);
    const checkpoints = memoryReactorCheckpoints();
    const waiting = holdsReactor({ store, checkpoints, readSideFirst: () => new Promise<void>(() => undefined) }, []);
    await waiting.start();
    await sleep(20);
    await waiting.stop();

    const worked: string[] = [];
    const next = holdsReactor({ store, checkpoints }, worked);
    await next.start();
    await next.whenIdle();
    expect(worked, 'the event the stopped reactor never handled').to.deep.equal(['BK-1']);
    await next.stop();
  });
});
