import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ERASED, parseEvent } from '@stays/contracts';
import { createEmbeddedReadStore } from '@stays/read-store';
import { openEmbeddedEventStore, openInMemoryEventStore, type EventStore, type RecordedEvent, type SubscribeOptions } from '@stays/event-store';
import {
  FieldIntegrityError,
  SEALED_ELSEWHERE,
  createFileKeyStorage,
  encryptField,
  openKeyStore,
  revealRecord,
  withPersonalData,
  type KeyStore,
  type WrappedKeyStorage,
} from '../src/index.ts';
import { DATA_KEY_CACHE_TTL_MS } from '../src/key-store.ts';

const registered = { accountId: 'g1', role: 'customer', name: 'Asha Rao', email: 'asha@example.in', username: 'asha', passwordHash: null, via: 'password' };

/** The error reading every field of the records' data throws (their values open when read). */
function readError(records: readonly RecordedEvent[]): unknown {
  try {
    JSON.stringify(records);
  } catch (error) {
    return error;
  }
  throw new Error('expected the records to refuse being read');
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('withPersonalData around the event store port', () => {
  let dir: string;
  let raw: EventStore;
  let keys: KeyStore;
  let store: EventStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stays-pd-'));
    raw = await openInMemoryEventStore();
    keys = await openKeyStore(await createFileKeyStorage(dir), randomBytes(32));
    store = withPersonalData(raw, keys);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const subscribed = (from: EventStore) =>
    new Promise<RecordedEvent[]>((resolve) => {
      const seen: RecordedEvent[] = [];
      const subscription = from.subscribeToAll(
        {},
        {
          onBatch: async (events) => {
            seen.push(...events);
          },
          onCaughtUp: () => void subscription.close().then(() => resolve(seen)),
        },
      );
    });

  it('stores the declared fields encrypted, leaves the rest and null fields as they are, and reads plain values on every path', async () => {
    await store.append('customer-g1', [
      { type: 'AccountRegistered', data: registered },
      { type: 'AccountProfileUpdated', data: { accountId: 'g1', role: 'customer', profileImage: null } },
      { type: 'AccountSignedIn', data: { accountId: 'g1', role: 'customer', sessionId: 's1', method: 'password', expiresAt: '2030-01-01T00:00:00.000Z' } },
    ]);
    const [stored, updated, signedIn] = await raw.readStream('customer-g1');
    // one ciphertext for the event's fields, in the first of them
    expect(stored!.data.name).to.match(/^pd2\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/);
    for (const field of ['email', 'username']) expect(stored!.data[field], field).to.equal(SEALED_ELSEWHERE);
    for (const text of ['Asha Rao', 'asha@example.in', '"asha"']) expect(JSON.stringify(stored!.data)).to.not.contain(text);
    expect(stored!.data).to.include({ accountId: 'g1', role: 'customer', passwordHash: null, via: 'password' });
    expect(updated!.data).to.deep.equal({ accountId: 'g1', role: 'customer', profileImage: null });
    expect(signedIn!.data.sessionId).to.equal('s1');

    for (const read of [await store.readStream('customer-g1'), await store.readAll(), await subscribed(store)]) {
      expect(read[0]!.data).to.deep.equal(registered);
      expect(read.map((event) => event.position)).to.deep.equal([stored, updated, signedIn].map((event) => event!.position));
    }
    expect((await revealRecord(stored!, keys)).data).to.deep.equal(registered);
    expect(await revealRecord(signedIn!, keys)).to.equal(signedIn);
  });

  it('reads an erased person as [erased] on every path at once, never as an error', async () => {
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    expect((await store.readStream('customer-g1'))[0]!.data.name).to.equal('Asha Rao');
    await keys.destroy('customer-g1');
    const erased = { ...registered, name: ERASED, email: ERASED, username: ERASED };
    for (const read of [await store.readStream('customer-g1'), await store.readAll(), await subscribed(store)]) expect(read[0]!.data).to.deep.equal(erased);
    expect((await revealRecord((await raw.readAll())[0]!, keys)).data).to.deep.equal(erased);
  });

  it('refuses a stored value moved into another field, even one it has just read', async () => {
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    const [stored] = await raw.readStream('customer-g1');
    expect((await store.readStream('customer-g1'))[0]!.data.name).to.equal('Asha Rao');
    await raw.append('customer-g1', [{ type: 'AccountProfileUpdated', data: { accountId: 'g1', role: 'customer', email: stored!.data.name } }]);
    const read = await store.readStream('customer-g1');
    expect(read[0]!.data.name).to.equal('Asha Rao');
    // refused when read, and on every read after
    expect(() => read[1]!.data.email).to.throw(FieldIntegrityError);
    expect(readError(read)).to.be.instanceOf(FieldIntegrityError);
    expect(read[1]!.data.accountId).to.equal('g1');
  });

  it('refuses sealed values moved into another field, or into another event type, even ones it has just read', async () => {
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    const [stored] = await raw.readStream('customer-g1');
    expect((await store.readStream('customer-g1'))[0]!.data).to.deep.equal(registered);
    await raw.append('customer-g1', [{ type: 'AccountRegistered', data: { ...stored!.data, name: SEALED_ELSEWHERE, email: stored!.data.name } }]);
    expect(await rejection(store.readStream('customer-g1'))).to.be.instanceOf(FieldIntegrityError);
    await raw.append('customer-g2', [
      {
        type: 'AccountProfileUpdated',
        data: { accountId: 'g1', role: 'customer', name: stored!.data.name, email: SEALED_ELSEWHERE, username: SEALED_ELSEWHERE },
      },
    ]);
    expect(readError(await store.readStream('customer-g2'))).to.be.instanceOf(FieldIntegrityError);
    expect(await rejection(revealRecord((await raw.readStream('customer-g2'))[0]!, keys))).to.be.instanceOf(FieldIntegrityError);
  });

  it('reads fields encrypted one by one (the format before), and refuses one swapped in from a sibling field', async () => {
    const key = await keys.createDataKey('customer-g1');
    const place = (field: string) => ({ subject: 'customer-g1', type: 'AccountRegistered', field });
    const oneByOne = {
      ...registered,
      name: encryptField(key, place('name'), 'Asha Rao'),
      email: encryptField(key, place('email'), 'asha@example.in'),
      username: encryptField(key, place('username'), 'asha'),
    };
    await raw.append('customer-g1', [{ type: 'AccountRegistered', data: oneByOne }]);
    expect((await store.readStream('customer-g1'))[0]!.data).to.deep.equal(registered);
    await raw.append('customer-g1', [{ type: 'AccountRegistered', data: { ...oneByOne, email: oneByOne.username } }]);
    expect(readError(await store.readStream('customer-g1'))).to.be.instanceOf(FieldIntegrityError);
    await keys.destroy('customer-g1');
    expect((await store.readAll())[0]!.data).to.deep.equal({ ...registered, name: ERASED, email: ERASED, username: ERASED });
  });

  it('reads values written before encryption as they are', async () => {
    await raw.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    expect((await store.readAll())[0]!.data).to.deep.equal(registered);
  });
});

describe('withPersonalData around the embedded log, whose readers share its records', () => {
  let dir: string;
  let raw: EventStore;
  let keys: KeyStore;
  const masterKey = randomBytes(32);
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stays-pd-shared-'));
    raw = await openEmbeddedEventStore(path.join(dir, 'events'));
    keys = await openKeyStore(await createFileKeyStorage(path.join(dir, 'keys')), masterKey);
  });
  afterEach(async () => {
    await raw.close();
    await rm(dir, { recursive: true, force: true });
  });

  const followed = (from: EventStore, options: SubscribeOptions = {}) =>
    new Promise<RecordedEvent[]>((resolve, reject) => {
      const seen: RecordedEvent[] = [];
      const subscription = from.subscribeToAll(options, {
        onBatch: async (events) => {
          seen.push(...events);
        },
        onCaughtUp: () => void subscription.close().then(() => resolve(seen)),
        onError: reject,
      });
    });

  it('gives every follower the plain values, and [erased] to every one of them once the key is destroyed', async () => {
    const store = withPersonalData(raw, keys);
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    await store.append('customer-g2', [{ type: 'AccountRegistered', data: { ...registered, accountId: 'g2', name: 'Ravi Iyer' } }]);
    // a store opened anew, as a replay reads the log: nothing cached from the appends
    const reader = withPersonalData(raw, keys);
    const [first, second, third] = await Promise.all([followed(reader), followed(reader), followed(reader)]);
    for (const seen of [first!, second!, third!]) expect(seen.map((event) => event.data.name)).to.deep.equal(['Asha Rao', 'Ravi Iyer']);
    await keys.destroy('customer-g1');
    for (const seen of [await followed(reader), await followed(reader), await reader.readAll()])
      expect(seen.map((event) => event.data.name)).to.deep.equal([ERASED, 'Ravi Iyer']);
  });

  it('shares a batch made readable among the followers reading it, for a minute, and only when none of its records reads as erased', async () => {
    // the log hands followers reading side by side the same records of its complete blocks (256 events): more than two of them
    const store = withPersonalData(raw, keys);
    for (let i = 0; i < 6; i++)
      await store.append(
        'customer-g1',
        Array.from({ length: 100 }, () => ({ type: 'AccountRegistered', data: registered })),
      );
    await store.append('customer-g2', [{ type: 'AccountRegistered', data: { ...registered, accountId: 'g2', name: 'Ravi Iyer' } }]);
    const reader = withPersonalData(raw, keys);
    const sharedAmong = (a: RecordedEvent[], b: RecordedEvent[]) => b.filter((event, i) => event === a[i]).length;
    const [first, second] = await Promise.all([followed(reader, { maxBatchSize: 100 }), followed(reader, { maxBatchSize: 100 })]);
    expect(first.map((event) => event.data.name)).to.deep.equal([...Array<string>(600).fill('Asha Rao'), 'Ravi Iyer']);
    expect(sharedAmong(first, second), 'the same readable records, their values opened once').to.be.at.least(500);

    const [inHundreds, inOnes] = await Promise.all([followed(reader, { maxBatchSize: 100 }), followed(reader, { maxBatchSize: 1 })]);
    expect(sharedAmong(inHundreds, inOnes), 'batches of other records from the same first one are made readable anew').to.equal(0);
    expect(inOnes).to.deep.equal(inHundreds);

    const now = Date.now;
    try {
      let later = now();
      Date.now = () => later;
      const [early] = await Promise.all([followed(reader, { maxBatchSize: 100 }), followed(reader, { maxBatchSize: 100 })]);
      later += DATA_KEY_CACHE_TTL_MS;
      const late = await followed(reader, { maxBatchSize: 100 });
      expect(sharedAmong(early!, late), 'past the minute a key read serves, nothing kept is handed out').to.equal(0);

      await keys.destroy('customer-g1');
      const [keptOnce, keptTwice] = await Promise.all([followed(reader, { maxBatchSize: 100 }), followed(reader, { maxBatchSize: 100 })]);
      expect(sharedAmong(late, keptOnce), 'records made readable before the erasure may be handed out again').to.be.at.least(500);
      expect(
        keptTwice.map((event) => event.data.name),
        '… and read as erased',
      ).to.deep.equal([...Array<string>(600).fill(ERASED), 'Ravi Iyer']);
      later += DATA_KEY_CACHE_TTL_MS;
      const [erasedOnce, erasedTwice] = await Promise.all([followed(reader, { maxBatchSize: 100 }), followed(reader, { maxBatchSize: 100 })]);
      expect(sharedAmong(erasedOnce, erasedTwice), 'a batch made readable with a key missing is not kept').to.equal(0);
      expect(erasedTwice.map((event) => event.data.name)).to.deep.equal([...Array<string>(600).fill(ERASED), 'Ravi Iyer']);
    } finally {
      Date.now = now;
    }
  });

  it('hands a follower every record of its batch when a shorter batch from the same first record was made readable before', async () => {
    const store = withPersonalData(raw, keys);
    await store.append(
      'customer-g1',
      Array.from({ length: 300 }, (_, i) => ({ type: 'AccountRegistered', data: { ...registered, name: `Guest ${i}` } })),
    );
    const reader = withPersonalData(raw, keys);
    const names = Array.from({ length: 300 }, (_, i) => `Guest ${i}`);
    // side by side, so the log hands both the same records of its complete blocks (256 events): whichever asks first, the other gets its whole batch
    const [inOnes, inHundreds] = await Promise.all([followed(reader, { maxBatchSize: 1 }), followed(reader, { maxBatchSize: 100 })]);
    const [inHundredsToo, inOnesToo] = await Promise.all([followed(reader, { maxBatchSize: 100 }), followed(reader, { maxBatchSize: 1 })]);
    for (const seen of [inOnes, inHundreds, inHundredsToo, inOnesToo]) expect(seen.map((event) => event.data.name)).to.deep.equal(names);
  });

  it('closes its followers when it closes: none hands on a batch it made readable ahead', async () => {
    const store = withPersonalData(raw, keys);
    await store.append(
      'customer-g1',
      Array.from({ length: 200 }, () => ({ type: 'AccountRegistered', data: registered })),
    );
    const reader = withPersonalData(raw, keys);
    let batches = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstBatch = new Promise<void>((resolve) => (started = resolve));
    const subscription = reader.subscribeToAll(
      { maxBatchSize: 20 },
      {
        onBatch: async () => {
          batches++;
          started();
          await held;
        },
      },
    );
    await firstBatch;
    // the batches after the first are made readable meanwhile
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = reader.close();
    release();
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).to.equal(1);
    expect(subscription.status().state).to.equal('closed');
  });

  it('reads at positions with the values opened, and passes on the head and whether the log refuses appends', async () => {
    const store = withPersonalData(raw, keys);
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    await store.append('customer-g2', [{ type: 'AccountRegistered', data: { ...registered, accountId: 'g2', name: 'Ravi Iyer' } }]);
    const positions = (await raw.readAll()).map((event) => event.position);
    const reader = withPersonalData(raw, keys);
    expect((await reader.readAt([positions[1]!])).map((event) => event.data.name)).to.deep.equal(['Ravi Iyer']);
    expect(await reader.headPosition()).to.equal(positions[1]);
    expect(reader.refusingAppends, "the full-disk state the product's health reads").to.be.a('function');
    expect(reader.refusingAppends!()).to.equal(raw.refusingAppends!());
  });

  it('hands out records that read as plain data to every reader, frozen where the log freezes its records', async () => {
    const store = withPersonalData(raw, keys);
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    const [record] = await withPersonalData(raw, keys).readAll();
    const [stored] = await raw.readAll();
    const plain = { ...stored!, data: registered };
    expect(JSON.parse(JSON.stringify(record))).to.deep.equal(JSON.parse(JSON.stringify(plain)));
    expect(structuredClone(record)).to.deep.equal(plain);
    expect(Object.keys(record!.data)).to.deep.equal(Object.keys(stored!.data));
    expect({ ...record!.data }).to.deep.equal(registered);
    expect(Object.getOwnPropertyDescriptor({ ...record!.data }, 'name')).to.include({ value: 'Asha Rao', writable: true });
    expect(parseEvent(record!, ['AccountRegistered']).data).to.include({ name: 'Asha Rao', email: 'asha@example.in', username: 'asha' });
    const documents = createEmbeddedReadStore().collection('people');
    await documents.insertOne({ _id: 'g1', ...record!.data });
    expect(await documents.find({ email: 'asha@example.in' })).to.deep.equal([{ _id: 'g1', ...registered }]);
    expect(Object.isFrozen(record)).to.equal(true);
    expect(Object.isFrozen(record!.data)).to.equal(true);
    expect(() => ((record!.data as Record<string, unknown>).name = 'Someone else')).to.throw(TypeError);
    expect(record!.data.name).to.equal('Asha Rao');
  });

  it('opens a record only when a personal field is read: a reader of other fields goes past a tampered value, a reader of it is refused', async () => {
    const store = withPersonalData(raw, keys);
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    const [stored] = await raw.readAll();
    const sealed = stored!.data.name as string;
    const at = sealed.length - 5;
    const altered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    await raw.append('customer-g1', [{ type: 'AccountRegistered', data: { ...stored!.data, name: altered } }]);
    const reader = withPersonalData(raw, keys);
    const [, tampered] = await reader.readAll();
    expect(tampered!.data).to.include({ accountId: 'g1', role: 'customer', via: 'password' });
    expect(() => tampered!.data.email).to.throw(FieldIntegrityError);
    expect(() => parseEvent(tampered!, ['AccountRegistered'])).to.throw(FieldIntegrityError);
    // a follower that reads no personal field (occupancy) follows on; one that reads them stops, even if it swallowed the error
    const occupancy = await followed(reader);
    expect(occupancy.map((event) => event.data.accountId)).to.deep.equal(['g1', 'g1']);
    const names = new Promise<unknown>((resolve) => {
      const subscription = reader.subscribeToAll(
        {},
        {
          onBatch: async (events) => {
            try {
              events.forEach((event) => void event.data.name);
            } catch {
              // a handler that hides the error still fails its batch
            }
          },
          onCaughtUp: () => void subscription.close().then(() => resolve('caught up')),
          onError: resolve,
        },
      );
    });
    expect(await names).to.be.instanceOf(FieldIntegrityError);
  });

  it('reads a record handed out before an erasure as [erased] once the key is destroyed, whether its fields were read before or not', async () => {
    const writer = withPersonalData(raw, keys);
    await writer.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    await writer.append('customer-g2', [{ type: 'AccountRegistered', data: { ...registered, accountId: 'g2', name: 'Ravi Iyer' } }]);
    const reader = withPersonalData(raw, keys);
    const [opened, unopened] = await Promise.all([reader.readAll(), reader.readStream('customer-g1')]);
    const [followedBefore] = await Promise.all([followed(reader)]);
    expect(opened[0]!.data.name).to.equal('Asha Rao');
    await keys.destroy('customer-g1');
    const erased = { ...registered, name: ERASED, email: ERASED, username: ERASED };
    for (const record of [opened[0]!, unopened[0]!, followedBefore![0]!]) {
      expect(record.data).to.deep.equal(erased);
      expect(JSON.stringify(record)).to.not.contain('Asha');
      expect(JSON.stringify(structuredClone(record))).to.not.contain('asha@');
    }
    expect(opened[1]!.data.name).to.equal('Ravi Iyer');
  });

  it("reads the keys of a follower's batch from the key storage in one call (one MongoDB query), and those it holds not again", async () => {
    const writer = withPersonalData(raw, keys);
    for (let i = 0; i < 30; i++)
      await writer.append(`customer-g${i}`, [{ type: 'AccountRegistered', data: { ...registered, accountId: `g${i}`, name: `Guest ${i}` } }]);
    const files = await createFileKeyStorage(path.join(dir, 'keys'));
    const reads: string[][] = [];
    const counted: WrappedKeyStorage = {
      ...files,
      get: (subject) => (reads.push([subject]), files.get(subject)),
      getMany: (subjects) => (reads.push([...subjects]), files.getMany(subjects)),
    };
    const cold = await openKeyStore(counted, masterKey);
    const reader = withPersonalData(raw, cold);
    const follow = () =>
      new Promise<RecordedEvent[]>((resolve, reject) => {
        const seen: RecordedEvent[] = [];
        const subscription = reader.subscribeToAll(
          { maxBatchSize: 10 },
          {
            onBatch: async (events) => void seen.push(...events),
            onCaughtUp: () => void subscription.close().then(() => resolve(seen)),
            onError: reject,
          },
        );
      });
    try {
      expect((await follow()).map((event) => event.data.name)).to.deep.equal(Array.from({ length: 30 }, (_, i) => `Guest ${i}`));
      expect(reads).to.deep.equal([0, 10, 20].map((first) => Array.from({ length: 10 }, (_, i) => `customer-g${first + i}`)));
      await follow();
      expect(reads).to.have.length(3);
    } finally {
      await cold.close();
    }
  });
});
