import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ERASED } from '@stays/contracts';
import { openInMemoryEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { FieldIntegrityError, createFileKeyStorage, openKeyStore, revealRecord, withPersonalData, type KeyStore } from '../src/index.ts';

const registered = { accountId: 'g1', role: 'customer', name: 'Asha Rao', email: 'asha@example.in', username: 'asha', passwordHash: null, via: 'password' };

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

  const subscribed = (from: EventStore) => new Promise<RecordedEvent[]>((resolve) => {
    const seen: RecordedEvent[] = [];
    const subscription = from.subscribeToAll({}, {
      onBatch: async (events) => { seen.push(...events); },
      onCaughtUp: () => void subscription.close().then(() => resolve(seen)),
    });
  });

  it('stores the declared fields encrypted, leaves the rest and null fields as they are, and reads plain values on every path', async () => {
    await store.append('customer-g1', [
      { type: 'AccountRegistered', data: registered },
      { type: 'AccountProfileUpdated', data: { accountId: 'g1', role: 'customer', profileImage: null } },
      { type: 'AccountSignedIn', data: { accountId: 'g1', role: 'customer', sessionId: 's1', method: 'password', expiresAt: '2030-01-01T00:00:00.000Z' } },
    ]);
    const [stored, updated, signedIn] = await raw.readStream('customer-g1');
    for (const field of ['name', 'email', 'username']) expect(stored!.data[field], field).to.match(/^pd1\./);
    expect(stored!.data).to.include({ accountId: 'g1', role: 'customer', passwordHash: null, via: 'password' });
    expect(updated!.data).to.deep.equal({ accountId: 'g1', role: 'customer', profileImage: null });
    expect(signedIn!.data.sessionId).to.equal('s1');

    for (const read of [await store.readStream('customer-g1'), await store.readAll(), await subscribed(store)]) {
      expect(read[0]!.data).to.deep.equal(registered);
      expect(read.map((event) => event.position)).to.deep.equal([stored, updated, signedIn].map((event) => event!.position));
    }
    expect((await revealRecord(stored!, keys)).data).to.deep.equal(registered);
    expect((await revealRecord(signedIn!, keys))).to.equal(signedIn);
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
    expect(await rejection(store.readStream('customer-g1'))).to.be.instanceOf(FieldIntegrityError);
  });

  it('refuses a record that keeps a value it has just read but swaps another one in from a sibling field', async () => {
    await store.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    const [stored] = await raw.readStream('customer-g1');
    expect((await store.readStream('customer-g1'))[0]!.data).to.deep.equal(registered);
    await raw.append('customer-g1', [{ type: 'AccountRegistered', data: { ...stored!.data, email: stored!.data.username } }]);
    expect(await rejection(store.readStream('customer-g1'))).to.be.instanceOf(FieldIntegrityError);
  });

  it('reads values written before encryption as they are', async () => {
    await raw.append('customer-g1', [{ type: 'AccountRegistered', data: registered }]);
    expect((await store.readAll())[0]!.data).to.deep.equal(registered);
  });
});
