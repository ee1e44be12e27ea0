/**
 * The event store contract: one suite that every adapter runs.
 *
 * It pins down what the rest of the system relies on, including each failure measured in
 * other event stores (docs/decisions/0004-production-stores-eventstoredb-and-mongodb.md): a global read that skips events
 * appended concurrently, lost acknowledged appends, a refused append that still bumps the
 * stream's revision, and "no stream" accepted on an existing stream.
 *
 * Every test works on its own randomly named streams and reads `$all` only after the
 * head it saw at its start, filtered to its own streams, so the suite also runs against a
 * shared EventStoreDB server that holds other data.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WrongExpectedRevisionError } from '../src/errors.ts';
import type { AppendResult, EventData, EventStore, RecordedEvent, Subscription } from '../src/port.ts';
import { until } from './support/until.ts';

export interface ContractFixture {
  readonly store: EventStore;
  /**
   * Closes the current store and opens a new one over the same data; omitted when the
   * adapter cannot be reopened (the durability test is then skipped).
   */
  readonly reopen?: () => Promise<EventStore>;
  /** Closes whatever store is open and removes the fixture's data. */
  readonly cleanup: () => Promise<void>;
}

/** Bounded wait for asynchronous delivery; a correctness guard, not a performance assertion. */
const DELIVERY_TIMEOUT_MS = 10_000;

export function describeEventStoreContract(name: string, open: () => Promise<ContractFixture>): void {
  describe(`event store contract: ${name}`, function () {
    let fixture: ContractFixture;
    let store: EventStore;
    /** Unique per test: prefixes every stream the test writes. */
    let tag: string;
    const stream = (label: string) => `${tag}${label}-${randomUUID().replaceAll('-', '')}`;
    const ours = (event: RecordedEvent) => event.streamId.startsWith(tag);
    const subscriptions: Subscription[] = [];

    beforeEach(async function () {
      fixture = await open();
      store = fixture.store;
      tag = `contract${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    });

    afterEach(async function () {
      await Promise.all(subscriptions.splice(0).map((s) => s.close()));
      await fixture?.cleanup();
    });

    /** Head of the log before the test wrote anything (-1 for an empty log). */
    async function headBefore(): Promise<number> {
      return (await store.headPosition()) ?? -1;
    }

    function subscribe(after: number, maxBatchSize?: number): Collector {
      const collector = new Collector(ours);
      subscriptions.push(store.subscribeToAll({ after, maxBatchSize }, collector));
      return collector;
    }

    describe('append and readStream', function () {
      it('stores events in order with 0-based revisions and returns them unchanged', async function () {
        const id = stream('booking');
        const givenId = randomUUID();
        const result = await store.append(id, [
          { id: givenId, type: 'BookingPlaced', data: { amount: 4200, nights: 2, guest: { name: 'Asha' } }, metadata: { by: 'u1' } },
          { type: 'InvoiceIssued', data: { number: 'INV-1' } },
        ]);
        const events = await store.readStream(id);

        expect(events.map((e) => [e.streamId, e.revision, e.type])).to.deep.equal([
          [id, 0, 'BookingPlaced'],
          [id, 1, 'InvoiceIssued'],
        ]);
        expect(events[0].id).to.equal(givenId);
        expect(events[1].id).to.match(/^[0-9a-f-]{36}$/);
        expect(events[0].id).to.not.equal(events[1].id);
        expect(events[0].data).to.deep.equal({ amount: 4200, nights: 2, guest: { name: 'Asha' } });
        expect(events[0].metadata).to.deep.equal({ by: 'u1' });
        expect(events[1].metadata).to.deep.equal({});
        expect(new Date(events[0].recordedAt).toISOString()).to.equal(events[0].recordedAt);
        expect(result.nextExpectedRevision).to.equal(1);
        expect(events[1].position).to.be.greaterThan(events[0].position);
      });

      it("reports the position of the append's last event, as $all reads it", async function () {
        const before = await headBefore();
        const id = stream('room');
        const result = await store.append(id, [event('A'), event('B'), event('C')]);
        const all = (await store.readAll({ after: before })).filter(ours);

        expect(all.map((e) => e.revision)).to.deep.equal([0, 1, 2]);
        expect(result.position).to.equal(all[2].position);
        expect(result.nextExpectedRevision).to.equal(2);
      });

      it('returns an empty list for a stream that does not exist', async function () {
        expect(await store.readStream(stream('missing'))).to.deep.equal([]);
      });

      it('reads a stream from a revision, up to a count', async function () {
        const id = stream('hotel');
        await store.append(id, [event('E0'), event('E1'), event('E2'), event('E3'), event('E4')]);

        expect((await store.readStream(id, { fromRevision: 2 })).map((e) => e.type)).to.deep.equal(['E2', 'E3', 'E4']);
        expect((await store.readStream(id, { fromRevision: 1, maxCount: 2 })).map((e) => e.type)).to.deep.equal(['E1', 'E2']);
        expect(await store.readStream(id, { fromRevision: 5 })).to.deep.equal([]);
      });

      it('refuses an append without events and writes nothing', async function () {
        const id = stream('empty');
        await expectRejection(store.append(id, []));
        expect(await store.readStream(id)).to.deep.equal([]);
      });

      it('refuses a malformed append with the same message on every adapter, and writes nothing', async function () {
        const head = await headBefore();
        const id = stream('malformed');
        const event = { type: 'E1', data: { n: 1 } };
        const notUuid = `x${randomUUID()}`;
        type Append = [streamId: unknown, events: unknown, expectedRevision?: unknown];
        const refusals: [Append, string][] = [
          [['', [event]], 'append: streamId must be a non-empty string'],
          [[42, [event]], 'append: streamId must be a non-empty string'],
          [['$settings', [event]], "append: stream $settings: names starting with '$' are reserved for system streams"],
          [[id, { 0: event, length: 1 }], `append: stream ${id}: at least one event is required`],
          [[id, [event, { data: {} }]], `append: stream ${id}: every event needs a non-empty type`],
          [[id, [{ type: '', data: {} }]], `append: stream ${id}: every event needs a non-empty type`],
          [[id, [{ type: 7, data: {} }]], `append: stream ${id}: every event needs a non-empty type`],
          [[id, [null]], `append: stream ${id}: every event needs a non-empty type`],
          [[id, [{ type: '$metadata', data: {} }]], `append: stream ${id}: event type $metadata is reserved (starts with '$')`],
          [[id, [{ type: 'E1', data: null }]], `append: stream ${id}: event E1 data must be a JSON object`],
          [[id, [{ type: 'E1', data: [1] }]], `append: stream ${id}: event E1 data must be a JSON object`],
          [[id, [{ type: 'E1', data: 'text' }]], `append: stream ${id}: event E1 data must be a JSON object`],
          [[id, [{ type: 'E1', data: {}, metadata: [] }]], `append: stream ${id}: event E1 metadata must be a JSON object`],
          [[id, [{ type: 'E1', data: {}, metadata: null }]], `append: stream ${id}: event E1 metadata must be a JSON object`],
          [[id, [{ type: 'E1', data: {}, id: 'event-1' }]], `append: stream ${id}: event id event-1 is not a UUID`],
          [[id, [{ type: 'E1', data: {}, id: notUuid }]], `append: stream ${id}: event id ${notUuid} is not a UUID`],
          [[id, [event], -1], `append: stream ${id}: invalid expected revision -1`],
          [[id, [event], 1.5], `append: stream ${id}: invalid expected revision 1.5`],
          [[id, [event], 'latest'], `append: stream ${id}: invalid expected revision latest`],
          [[id, [event], 2 ** 53], `append: stream ${id}: invalid expected revision ${2 ** 53}`],
        ];
        for (const [[streamId, events, expectedRevision], message] of refusals) {
          const options = expectedRevision === undefined ? undefined : ({ expectedRevision } as never);
          const error = await expectRejection(store.append(streamId as string, events as EventData[], options));
          expect(error, message).to.be.instanceOf(TypeError);
          expect((error as Error).message).to.equal(message);
        }
        expect(await store.readStream(id)).to.deep.equal([]);
        expect((await store.headPosition()) ?? -1, 'nothing written').to.equal(head);
        // what is close to those but allowed: a '$' not first, an id in capitals, metadata left out
        const allowed = stream('a$b');
        await store.append(allowed, [{ type: 'E$1', data: {}, id: randomUUID().toUpperCase() }], { expectedRevision: 'no_stream' });
        expect((await store.readStream(allowed)).map((recorded) => recorded.type)).to.deep.equal(['E$1']);
      });
    });

    describe('expected revisions', function () {
      it("'no_stream' creates a stream and refuses an existing one", async function () {
        const id = stream('owneremail');
        await store.append(id, [event('EmailReserved')], { expectedRevision: 'no_stream' });

        const error = await expectWrongRevision(store.append(id, [event('EmailReserved')], { expectedRevision: 'no_stream' }));
        expect(error.streamId).to.equal(id);
        expect(error.expected).to.equal('no_stream');
        expect(error.actual).to.equal(0);
        expect(await store.readStream(id)).to.have.length(1);
      });

      it("'stream_exists' refuses a missing stream and accepts an existing one", async function () {
        const id = stream('customer');
        const error = await expectWrongRevision(store.append(id, [event('ProfileUpdated')], { expectedRevision: 'stream_exists' }));
        expect(error.actual).to.equal('no_stream');
        expect(await store.readStream(id)).to.deep.equal([]);

        await store.append(id, [event('Registered')]);
        const result = await store.append(id, [event('ProfileUpdated')], { expectedRevision: 'stream_exists' });
        expect(result.nextExpectedRevision).to.equal(1);
      });

      it('an exact revision accepts the current one and refuses a stale or future one', async function () {
        const id = stream('inventory');
        await store.append(id, [event('Reserved'), event('Reserved')]); // revision 1

        await expectWrongRevision(store.append(id, [event('Reserved')], { expectedRevision: 0 }));
        const future = await expectWrongRevision(store.append(id, [event('Reserved')], { expectedRevision: 7 }));
        expect(future.actual).to.equal(1);
        const result = await store.append(id, [event('Reserved')], { expectedRevision: 1 });
        expect(result.nextExpectedRevision).to.equal(2);
      });

      it('an exact revision is refused on a missing stream', async function () {
        const id = stream('booking');
        const error = await expectWrongRevision(store.append(id, [event('BookingPlaced')], { expectedRevision: 0 }));
        expect(error.actual).to.equal('no_stream');
        expect(await store.readStream(id)).to.deep.equal([]);
      });

      it("'any' (and no option) appends whatever the stream's state", async function () {
        const id = stream('contact');
        await store.append(id, [event('OtpIssued')], { expectedRevision: 'any' });
        await store.append(id, [event('OtpIssued')]);
        expect((await store.readStream(id)).map((e) => e.revision)).to.deep.equal([0, 1]);
      });

      it('refused appends change nothing: the reported revision is accepted afterwards', async function () {
        const id = stream('room');
        const first = await store.append(id, [event('RoomAdded')]);
        const headAfterFirst = await store.headPosition();
        for (const stale of ['no_stream', 5, 3] as const) {
          await expectWrongRevision(store.append(id, [event('Refused'), event('Refused')], { expectedRevision: stale }));
        }

        expect(await store.readStream(id)).to.have.length(1);
        const next = await store.append(id, [event('RoomUpdated')], { expectedRevision: first.nextExpectedRevision });
        expect(next.nextExpectedRevision).to.equal(1);
        expect((await store.readStream(id)).map((e) => e.type)).to.deep.equal(['RoomAdded', 'RoomUpdated']);
        // Refused appends left no trace in the global log either.
        const sinceFirst = (await store.readAll({ after: headAfterFirst ?? -1 })).filter(ours);
        expect(sinceFirst.map((e) => e.type)).to.deep.equal(['RoomUpdated']);
      });

      it('50 concurrent appends with the same expected revision: exactly one wins', async function () {
        const id = stream('inventory');
        const { nextExpectedRevision } = await store.append(id, [event('RoomAdded')]);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => store.append(id, [event('UnitReserved', { guest: i })], { expectedRevision: nextExpectedRevision })),
        );

        const winners = outcomes.filter((o) => o.status === 'fulfilled');
        const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(winners).to.have.length(1);
        expect(losers).to.have.length(49);
        for (const loser of losers) expect(loser.reason).to.be.instanceOf(WrongExpectedRevisionError);
        const events = await store.readStream(id);
        expect(events.map((e) => e.revision)).to.deep.equal([0, 1]);
        expect((winners[0] as PromiseFulfilledResult<AppendResult>).value.position).to.equal(events[1].position);
      });

      it("50 concurrent 'no_stream' reservations of one name: exactly one wins", async function () {
        const id = stream('customeremail');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => store.append(id, [event('EmailReserved', { customer: i })], { expectedRevision: 'no_stream' })),
        );

        expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).to.be.instanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(id)).to.have.length(1);
      });
    });

    describe('readAll and headPosition', function () {
      it('reads in log order, strictly after a position, up to a count', async function () {
        const before = await headBefore();
        const a = stream('a');
        const b = stream('b');
        await store.append(a, [event('A0')]);
        await store.append(b, [event('B0'), event('B1')]);
        await store.append(a, [event('A1')]);

        const all = (await store.readAll({ after: before })).filter(ours);
        expect(all.map((e) => e.type)).to.deep.equal(['A0', 'B0', 'B1', 'A1']);
        expectStrictlyIncreasing(all.map((e) => e.position));

        const afterSecond = (await store.readAll({ after: all[1].position })).filter(ours);
        expect(afterSecond.map((e) => e.type)).to.deep.equal(['B1', 'A1']);
        const firstTwo = await store.readAll({ after: before, maxCount: 2 });
        expect(firstTwo).to.have.length(2);
        expect(firstTwo.every((e) => e.position > before)).to.equal(true);
      });

      it('readAt gives the events at the positions asked, in that order, leaving out positions that hold none', async function () {
        const before = await headBefore();
        await store.append(stream('at'), [event('AT0'), event('AT1'), event('AT2')]);
        const [first, , third] = (await store.readAll({ after: before })).filter(ours);

        const found = await store.readAt([third!.position, first!.position, third!.position + 1_000_000, -1]);
        expect(found.map((e) => [e.type, e.position, e.id])).to.deep.equal([
          ['AT2', third!.position, third!.id],
          ['AT0', first!.position, first!.id],
        ]);
        expect(found[0]!.data).to.deep.equal(third!.data);
      });

      it('headPosition follows the newest event', async function () {
        const emptyAtStart = (await store.headPosition()) === null;
        const result = await store.append(stream('hotel'), [event('HotelCreated')]);
        const head = await store.headPosition();

        expect(head).to.be.a('number');
        expect(head).to.be.at.least(result.position);
        if (emptyAtStart) expect(head).to.equal(result.position);
      });

      it('a global read never skips or repeats events appended concurrently', async function () {
        const before = await headBefore();
        const live = subscribe(before, 7);
        const acknowledged = await appendConcurrently(
          store,
          Array.from({ length: 12 }, (_, i) => stream(`s${i}`)),
          32,
          10,
        );

        // One read of everything, and a paged read resuming by position (the pattern
        // that skipped events in other stores).
        const all = (await store.readAll({ after: before })).filter(ours);
        const paged: RecordedEvent[] = [];
        for (let after = before; ;) {
          const page = await store.readAll({ after, maxCount: 9 });
          if (page.length === 0) break;
          paged.push(...page.filter(ours));
          after = page[page.length - 1].position;
        }
        await live.waitForIds(acknowledged.map((a) => a.id));
        const replayed = subscribe(before, 13);
        await replayed.waitForIds(acknowledged.map((a) => a.id));

        for (const [label, seen] of [
          ['readAll', all],
          ['paged readAll', paged],
          ['live subscription', live.events],
          ['catch-up subscription', replayed.events],
        ] as const) {
          expectExactlyOnce(
            label,
            seen,
            acknowledged.map((a) => a.id),
          );
          expectStrictlyIncreasing(seen.map((e) => e.position));
        }
        expectContiguousRevisions(all);
        // Every acknowledged append reported the position $all gives its event.
        const positionById = new Map(all.map((e) => [e.id, e.position]));
        for (const ack of acknowledged) expect(positionById.get(ack.id)).to.equal(ack.position);
      });
    });

    describe('subscribeToAll', function () {
      it('catches up in batches, signals caught up, then delivers live events', async function () {
        const before = await headBefore();
        const id = stream('booking');
        await store.append(id, [event('E0'), event('E1'), event('E2'), event('E3'), event('E4')]);

        const collector = subscribe(before, 2);
        await collector.caughtUp;
        expect(collector.events.map((e) => e.type)).to.deep.equal(['E0', 'E1', 'E2', 'E3', 'E4']);
        expect(collector.caughtUpAfter).to.equal(5);
        expect(Math.max(...collector.batchSizes)).to.be.at.most(2);

        await store.append(id, [event('E5')]);
        await store.append(stream('other'), [event('X0'), event('X1'), event('X2')]);
        await collector.waitForCount(9);
        expect(collector.events.map((e) => e.type)).to.deep.equal(['E0', 'E1', 'E2', 'E3', 'E4', 'E5', 'X0', 'X1', 'X2']);
        expectStrictlyIncreasing(collector.events.map((e) => e.position));
        expect(collector.caughtUpCalls).to.equal(1);
      });

      it('signals caught up when there is nothing to catch up', async function () {
        const collector = subscribe(await headBefore());
        await collector.caughtUp;
        expect(collector.events).to.deep.equal([]);

        await store.append(stream('hotel'), [event('HotelCreated')]);
        await collector.waitForCount(1);
      });

      it('delivers only events strictly after the given position', async function () {
        const id = stream('room');
        const first = await store.append(id, [event('R0'), event('R1')]);
        await store.append(id, [event('R2')]);

        const collector = subscribe(first.position);
        await collector.caughtUp;
        expect(collector.events.map((e) => e.type)).to.deep.equal(['R2']);
      });

      it('does not skip or repeat events appended while a batch is being handled', async function () {
        const before = await headBefore();
        const id = stream('slow');
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const seen: RecordedEvent[] = [];
        let firstBatch = true;
        subscriptions.push(
          store.subscribeToAll(
            { after: before, maxBatchSize: 3 },
            {
              async onBatch(events) {
                seen.push(...events.filter(ours));
                if (firstBatch && events.some(ours)) {
                  firstBatch = false;
                  await gate; // hold the first batch while more appends land
                }
              },
            },
          ),
        );

        await store.append(id, [event('E0')]);
        await waitUntil(() => !firstBatch, 'first batch delivered');
        let expected = 0;
        for (let i = 1; i <= 10; i++) expected = (await store.append(id, [event(`E${i}`)], { expectedRevision: expected })).nextExpectedRevision;
        release();

        await waitUntil(() => seen.length >= 11, 'all 11 events delivered');
        await sleep(50); // would expose a duplicate delivered late
        expect(seen.map((e) => e.type)).to.deep.equal(Array.from({ length: 11 }, (_, i) => `E${i}`));
      });

      it('stops after close()', async function () {
        const collector = subscribe(await headBefore());
        await collector.caughtUp;
        const id = stream('closing');
        await store.append(id, [event('Before')]);
        await collector.waitForCount(1);

        await subscriptions.pop()!.close();
        await store.append(id, [event('After')]);
        await store.readStream(id);
        await sleep(100);
        expect(collector.events.map((e) => e.type)).to.deep.equal(['Before']);
      });

      it('stops and reports the error when onBatch throws', async function () {
        const before = await headBefore();
        const id = stream('failing');
        await store.append(id, [event('E0')]);
        const failure = new Error('projection failed');
        let batches = 0;
        const errors: unknown[] = [];
        subscriptions.push(
          store.subscribeToAll(
            { after: before },
            {
              async onBatch(events) {
                if (!events.some(ours)) return;
                batches++;
                throw failure;
              },
              onError: (error) => errors.push(error),
            },
          ),
        );

        await waitUntil(() => errors.length > 0, 'onError called');
        await store.append(id, [event('E1')]);
        await store.readStream(id);
        await sleep(100);
        expect(errors).to.deep.equal([failure]);
        expect(batches).to.equal(1);
      });
    });

    describe('durability', function () {
      it('every acknowledged append survives a reopen, unchanged', async function () {
        if (!fixture.reopen) this.skip();
        const before = await headBefore();
        const streams = Array.from({ length: 8 }, (_, i) => stream(`durable${i}`));
        const acknowledged = await appendConcurrently(store, streams, 16, 8);
        const original = (await store.readAll({ after: before })).filter(ours);

        store = await fixture.reopen!();
        const reread = (await store.readAll({ after: before })).filter(ours);
        expect(reread).to.deep.equal(original);
        expectExactlyOnce(
          'after reopen',
          reread,
          acknowledged.map((a) => a.id),
        );

        // Revisions continue where they were: the last reported revision is accepted.
        const last = acknowledged.filter((a) => a.streamId === streams[0]).at(-1)!;
        const next = await store.append(streams[0], [event('AfterReopen')], { expectedRevision: last.revision });
        expect(next.nextExpectedRevision).to.equal(last.revision + 1);
        expect(next.position).to.be.greaterThan(Math.max(...reread.map((e) => e.position)));
      });
    });
  });
}

// ---------------------------------------------------------------------------------------

function event(type: string, data: Record<string, unknown> = {}): EventData {
  return { type, data };
}

interface Acknowledged {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
}

/**
 * `writers` concurrent writers, each appending `appendsPerWriter` single-event appends
 * to randomly chosen streams with the revision it last read, retrying on conflict as a
 * command handler would. Returns every acknowledged event.
 */
async function appendConcurrently(store: EventStore, streams: string[], writers: number, appendsPerWriter: number): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let n = 0; n < appendsPerWriter; n++) {
        const streamId = streams[(writer * 7 + n * 3) % streams.length];
        for (let attempt = 1; ; attempt++) {
          // Bounded, and yielding to the event loop, so a broken store fails instead of hanging.
          if (attempt > 500) throw new Error(`append to ${streamId} kept conflicting after ${attempt - 1} attempts`);
          if (attempt > 1) await sleep(attempt > 10 ? 1 : 0);
          const current = (await store.readStream(streamId)).at(-1)?.revision;
          const id = randomUUID();
          try {
            const result = await store.append(streamId, [{ id, type: 'Written', data: { writer, n } }], {
              expectedRevision: current ?? 'no_stream',
            });
            acknowledged.push({ id, streamId, revision: result.nextExpectedRevision, position: result.position });
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
          }
        }
      }
    }),
  );
  return acknowledged;
}

/** A subscription handler that records what it receives (only the test's own events). */
class Collector {
  readonly events: RecordedEvent[] = [];
  readonly batchSizes: number[] = [];
  caughtUpCalls = 0;
  caughtUpAfter: number | undefined;
  error: unknown;
  readonly caughtUp: Promise<void>;
  private signalCaughtUp!: () => void;

  constructor(private readonly keep: (event: RecordedEvent) => boolean) {
    this.caughtUp = new Promise((resolve) => (this.signalCaughtUp = resolve));
  }

  onBatch = async (events: readonly RecordedEvent[]): Promise<void> => {
    expect(events.length).to.be.greaterThan(0);
    this.batchSizes.push(events.length);
    this.events.push(...events.filter(this.keep));
  };

  onCaughtUp = (): void => {
    this.caughtUpCalls++;
    this.caughtUpAfter ??= this.events.length;
    this.signalCaughtUp();
  };

  onError = (error: unknown): void => {
    this.error = error;
  };

  waitForCount(count: number): Promise<void> {
    return waitUntil(() => this.events.length >= count || this.error !== undefined, `${count} events delivered`).then(() => {
      if (this.error) throw this.error;
    });
  }

  waitForIds(ids: string[]): Promise<void> {
    const wanted = new Set(ids);
    return waitUntil(
      () => this.events.filter((e) => wanted.has(e.id)).length >= wanted.size || this.error !== undefined,
      `${ids.length} events delivered`,
    ).then(() => {
      if (this.error) throw this.error;
    });
  }
}

const waitUntil = (condition: () => boolean, what: string): Promise<void> => until(condition, what, DELIVERY_TIMEOUT_MS);

async function expectRejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be refused, but it succeeded');
}

async function expectWrongRevision(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await expectRejection(promise);
  expect(error).to.be.instanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

function expectStrictlyIncreasing(positions: number[]): void {
  for (let i = 1; i < positions.length; i++) {
    if (!(positions[i] > positions[i - 1])) {
      throw new Error(`positions not strictly increasing at index ${i}: ${positions[i - 1]} then ${positions[i]}`);
    }
  }
}

function expectExactlyOnce(label: string, seen: readonly RecordedEvent[], ids: string[]): void {
  const counts = new Map<string, number>();
  for (const e of seen) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
  const missing = ids.filter((id) => !counts.has(id));
  const repeated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
  expect(missing, `${label}: acknowledged events missing`).to.deep.equal([]);
  expect(repeated, `${label}: events delivered more than once`).to.deep.equal([]);
  expect(seen.length, `${label}: unexpected extra events`).to.equal(ids.length);
}

function expectContiguousRevisions(events: readonly RecordedEvent[]): void {
  const byStream = new Map<string, number[]>();
  for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
  for (const [streamId, revisions] of byStream) {
    expect(revisions, `revisions of ${streamId}`).to.deep.equal(revisions.map((_, i) => i));
  }
}
